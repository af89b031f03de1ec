import { contactFieldLabels, validateContact, type ContactErrors, type ContactField } from '../../src/lib/contact/schema.ts';
import type { rateLimiter } from './rate-limit.ts';
import { spamReason } from './spam.ts';
import type { contactStore } from './store.ts';

/** The largest form post accepted: the longest valid message is well under this. */
export const maxBodyBytes = 32 * 1024;

/** What deciding a post needs of the contact form's parts (contactOf() in endpoint.ts makes them), declared here so that this module imports nothing that imports it. */
export type Intake = { config: { siteOrigin: string; minFillMs: number }; limiter: Pick<ReturnType<typeof rateLimiter>, 'hit'>; store: Pick<ReturnType<typeof contactStore>, 'save'> };

export type ContactOutcome = { kind: 'accepted'; id: number; spam: boolean } | { kind: 'invalid'; status: 400; errors: ContactErrors } | { kind: 'rejected'; status: 400 | 403 | 413 | 415 | 429; message: string; retryAfterSeconds?: number };

function rejected(status: Extract<ContactOutcome, { kind: 'rejected' }>['status'], message: string, retryAfterSeconds?: number): ContactOutcome {
  return { kind: 'rejected', status, message, retryAfterSeconds };
}

/** Reads at most `limit` bytes of a body; `null` when there is more. */
async function readLimited(request: Request, limit: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > limit) {
      // Stop reading but do not cancel: cancelling would tear down the connection before the 413
      // answer goes out. The Worker discards the rest of the body once the answer is sent.
      reader.releaseLock();
      return null;
    }
    chunks.push(chunk.value);
  }
  return new Uint8Array(await new Blob(chunks).arrayBuffer());
}

/**
 * The submitted fields (the first value of each name wins); `null` when the body is not UTF-8, or
 * the name of the first field whose percent-encoded bytes are not: URLSearchParams would turn those
 * into U+FFFD without a word, where decodeURIComponent refuses them.
 */
function parseFields(body: Uint8Array): { fields: Record<string, string> } | { unreadable: string } | null {
  const fields: Record<string, string> = {};
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return null;
  }
  for (const pair of text.split('&').filter(Boolean)) {
    const [name, value = ''] = pair.split(/=(.*)/s).map((part) => part.replaceAll('+', ' '));
    try {
      fields[decodeURIComponent(name!)] ??= decodeURIComponent(value);
    } catch {
      return { unreadable: name! };
    }
  }
  return { fields };
}

/**
 * Everything the contact endpoint decides about a post (the Worker answers other methods), in the
 * order that keeps abuse cheap: origin, rate, size, type, then the fields themselves. An accepted
 * message is stored before this returns. `visitor` is the visitor's address as Cloudflare names it, '' where nothing does.
 */
export async function processContactRequest(request: Request, { intake, visitor, now = Date.now() }: { intake: Intake; visitor: string; now?: number }): Promise<ContactOutcome> {
  // Browsers send Origin with every post; one without, or from another site, is not our form's.
  const origin = request.headers.get('origin');
  if (origin !== new URL(request.url).origin && origin !== intake.config.siteOrigin) return rejected(403, 'This form can only be sent from the company’s own website.');

  const retryAfter = await intake.limiter.hit(visitor, now);
  if (retryAfter > 0) return rejected(429, 'Too many messages from your address. Please wait a few minutes and try again.', retryAfter);

  if (Number(request.headers.get('content-length') ?? 0) > maxBodyBytes) return rejected(413, 'The message is too large to send.');
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return rejected(415, 'The form was sent in a format the server does not take.');

  const body = await readLimited(request, maxBodyBytes).catch(() => undefined);
  // The visitor went away (or their connection broke) part-way through sending.
  if (body === undefined) return rejected(400, 'The form did not arrive whole. Please try again.');
  if (!body) return rejected(413, 'The message is too large to send.');
  const parsed = parseFields(body);
  if (parsed && 'unreadable' in parsed && parsed.unreadable in contactFieldLabels) {
    const field = parsed.unreadable as ContactField;
    return { kind: 'invalid', status: 400, errors: { [field]: `Please type ${contactFieldLabels[field].toLowerCase()} again: it arrived in a form the site cannot read.` } };
  }
  if (!parsed || 'unreadable' in parsed) return rejected(400, 'The form could not be read. Please try again.');
  const { fields } = parsed;

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
