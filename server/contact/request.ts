import { validateContact, type ContactErrors } from '../../src/lib/contact/schema.ts';
import type { ContactConfig } from './config.ts';
import type { RateLimiter } from './rate-limit.ts';
import { spamReason } from './spam.ts';
import type { ContactStore } from './store.ts';

/** What deciding a post needs: the settings, the rate limit and the store. */
export interface ContactIntake {
  config: Pick<ContactConfig, 'siteOrigin' | 'minFillMs'>;
  limiter: Pick<RateLimiter, 'hit'>;
  store: Pick<ContactStore, 'save'>;
}

/** The largest form post accepted: the longest valid message is well under this. */
export const maxBodyBytes = 32 * 1024;

export type ContactOutcome =
  | { kind: 'accepted'; id: number; spam: boolean }
  | { kind: 'invalid'; status: 400; errors: ContactErrors }
  | { kind: 'rejected'; status: 400 | 403 | 405 | 413 | 415 | 429; message: string; retryAfterSeconds?: number };

const formTypes = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const acceptedTypes = [...formTypes.slice(0, 2), 'application/json'];

function rejected(status: Extract<ContactOutcome, { kind: 'rejected' }>['status'], message: string, retryAfterSeconds?: number): ContactOutcome {
  return { kind: 'rejected', status, message, retryAfterSeconds };
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Whether a post may come from `origin`: the address the visitor used, or the site's public address.
 * Browsers always send Origin with a cross-site post; a form-type post without one is refused, as
 * Astro's own check does.
 */
export function isAllowedOrigin(origin: string | null, ownOrigin: string, siteOrigin: string | null, type: string): boolean {
  if (origin === null) return !formTypes.includes(type);
  return origin === ownOrigin || origin === siteOrigin;
}

/** The chunks of a body, joined. */
function joined(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Reads at most `limit` bytes of a body; `null` when there is more. */
async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Stop reading but do not cancel: cancelling would tear down the connection before the 413
      // answer goes out. The Worker discards the rest of the body once the answer is sent.
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  return joined(chunks, size);
}

/** The submitted fields as plain strings (first value wins); `null` when the body cannot be read as the type it claims. */
async function parseFields(body: Uint8Array<ArrayBuffer>, type: string, contentType: string): Promise<Record<string, string> | null> {
  const text = new TextDecoder('utf-8', { fatal: true });
  try {
    if (type === 'application/json') {
      const data: unknown = JSON.parse(text.decode(body));
      if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
      const fields: Record<string, string> = {};
      for (const [name, value] of Object.entries(data)) {
        if (typeof value === 'string' || typeof value === 'number') fields[name] = String(value);
        else if (value !== null) return null;
      }
      return fields;
    }
    const form =
      type === 'multipart/form-data'
        ? await new Response(body, { headers: { 'Content-Type': contentType } }).formData()
        : new URLSearchParams(text.decode(body));
    const fields: Record<string, string> = {};
    for (const [name, value] of form.entries()) {
      if (typeof value !== 'string') return null;
      fields[name] ??= value;
    }
    return fields;
  } catch {
    return null;
  }
}

/**
 * Everything the contact endpoint decides about one request, in the order that keeps abuse cheap:
 * method, origin, rate, size, type, then the fields themselves. An accepted message is stored
 * before this returns. `visitor` is the visitor's address, as Cloudflare's edge names it.
 */
export async function processContactRequest(request: Request, { intake, visitor, now = Date.now() }: { intake: ContactIntake; visitor: string; now?: number }): Promise<ContactOutcome> {
  if (request.method !== 'POST') return rejected(405, 'Only POST is accepted here.');
  const contentType = request.headers.get('content-type') ?? '';
  const type = mediaType(contentType);
  if (!isAllowedOrigin(request.headers.get('origin'), new URL(request.url).origin, intake.config.siteOrigin, type)) {
    return rejected(403, 'This form can only be sent from the company’s own website.');
  }

  const retryAfter = await intake.limiter.hit(visitor, now);
  if (retryAfter > 0) return rejected(429, 'Too many messages from your address. Please wait a few minutes and try again.', retryAfter);

  const declaredLength = Number(request.headers.get('content-length') ?? 0);
  if (declaredLength > maxBodyBytes) return rejected(413, 'The message is too large to send.');
  if (!acceptedTypes.includes(type)) return rejected(415, 'The form was sent in a format the server does not take.');

  let body: Uint8Array<ArrayBuffer> | null;
  try {
    body = await readLimited(request, maxBodyBytes);
  } catch {
    // The visitor went away (or their connection broke) part-way through sending.
    return rejected(400, 'The form did not arrive whole. Please try again.');
  }
  if (!body) return rejected(413, 'The message is too large to send.');
  const fields = await parseFields(body, type, contentType);
  if (!fields) return rejected(400, 'The form could not be read. Please try again.');

  const spam = spamReason(fields, { minFillMs: intake.config.minFillMs, now });
  const { data, errors } = validateContact(fields);
  if (errors) return { kind: 'invalid', status: 400, errors };

  const id = await intake.store.save(data, {
    spam: spam !== null,
    ip: visitor,
    userAgent: request.headers.get('user-agent')?.slice(0, 300) ?? null,
    now: new Date(now),
  });
  return { kind: 'accepted', id, spam: spam !== null };
}
