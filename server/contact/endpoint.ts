import { thankYouPagePath } from '../../src/lib/contact/addresses.ts';
import { problemPagePath, withProblems } from '../../src/lib/contact/problem-page.ts';
import { site } from '../../src/site.config.ts';
import { oncePerIsolate, type WorkerContext, type WorkerEnv } from '../types.ts';
import { readContactConfig } from './config.ts';
import { deliver } from './outbox.ts';
import { rateLimiter } from './rate-limit.ts';
import { processContactRequest, type ContactOutcome } from './request.ts';
import { contactStore } from './store.ts';

/** The contact form's parts on this isolate, made from the Worker's settings once. */
export const contactOf = oncePerIsolate((env) => {
  const config = readContactConfig(env, site);
  const store = contactStore(env.DB);
  const outbox = config.smtp ? { store, smtp: config.smtp, to: config.recipient, siteHost: new URL(site.url).host, retry: config.retry } : null;
  return { config, store, limiter: rateLimiter(env.DB, config.rateLimit), outbox };
});

const wantsJson = (request: Request) => (request.headers.get('accept') ?? '').includes('application/json');

/** An answer that is not a page loads nothing; the problem page brings its own policy in its <meta>. */
export const plainAnswer = { 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'" };

async function respond(request: Request, outcome: ContactOutcome, env: WorkerEnv): Promise<Response> {
  const headers: Record<string, string> = { ...plainAnswer };
  if (outcome.kind === 'rejected' && outcome.retryAfterSeconds) headers['Retry-After'] = String(outcome.retryAfterSeconds);
  const status = outcome.kind === 'accepted' ? 200 : outcome.status;

  if (wantsJson(request)) {
    const body =
      outcome.kind === 'accepted'
        ? { ok: true, id: outcome.id, message: 'Thank you: your message has arrived. We reply within one business day.' }
        : outcome.kind === 'invalid'
          ? { ok: false, message: 'Some fields need another look.', errors: outcome.errors }
          : { ok: false, message: outcome.message };
    return Response.json(body, { status, headers });
  }

  if (outcome.kind === 'accepted') return new Response(null, { status: 303, headers: { ...headers, Location: thankYouPagePath } });
  const page = await env.ASSETS.fetch(new URL(problemPagePath, request.url));
  if (!page.ok) throw new Error(`The problem page ${problemPagePath} could not be read (${page.status}).`);
  const problem = outcome.kind === 'invalid' ? { errors: outcome.errors } : { message: outcome.message };
  return new Response(withProblems(await page.text(), problem), { status, headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/html; charset=utf-8' } });
}

/**
 * POST /api/contact. The message is in D1 before the visitor is thanked; it is mailed right after
 * the answer goes out, and by the cron until the mail server accepts it. A failure on our side is
 * never a stack trace to the visitor: the details go to the Worker's log.
 */
export async function answerContact(request: Request, env: WorkerEnv, context: WorkerContext): Promise<Response> {
  try {
    const contact = contactOf(env);
    // Cloudflare's edge names the visitor; what they send in X-Forwarded-For changes nothing. With no
    // edge in front (npm start) anyone can name themselves, so every visitor counts as one and none is named.
    const visitor = contact.config.edgeNamesVisitor ? (request.headers.get('CF-Connecting-IP') ?? '') : '';
    const outcome = await processContactRequest(request, { intake: contact, visitor });
    if (outcome.kind === 'accepted' && !outcome.spam && contact.outbox) context.waitUntil(deliver(outcome.id, contact.outbox));
    return await respond(request, outcome, env);
  } catch (error) {
    console.error('[contact] Could not handle a contact request:', error);
    const message = 'Something went wrong on our side and your message was not saved. Please try again, or e-mail us.';
    if (wantsJson(request)) return Response.json({ ok: false, message }, { status: 500, headers: plainAnswer });
    return new Response(message, { status: 500, headers: { ...plainAnswer, 'Content-Type': 'text/plain; charset=utf-8' } });
  }
}

/** The cron's work (wrangler.jsonc, every minute): mail what is due, oldest first, one at a time, and forget rate-limit counts that have left their window. */
export async function contactCron(env: WorkerEnv, now = Date.now()): Promise<void> {
  const contact = contactOf(env);
  if (contact.outbox) for (const id of await contact.store.due(new Date(now))) await deliver(id, contact.outbox, new Date(now));
  await contact.limiter.forgetBefore(now);
}
