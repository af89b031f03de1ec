import { site } from '../../src/site.config.ts';
import { readContactConfig, type ContactConfig } from '../contact/config.ts';
import type { ContactEndpoint } from '../contact/endpoint.ts';
import { deliver, deliverDue, type DeliveryOptions } from '../contact/outbox.ts';
import { processContactRequest } from '../contact/request.ts';
import { ContactStore } from '../contact/store.ts';
import { createProblemLog } from '../log.ts';
import { d1Database } from './d1.ts';
import { D1RateLimiter } from './rate-limit.ts';
import type { WorkerContext, WorkerEnv } from './runtime-types.ts';
import { workerMailTransport } from './smtp.ts';

/**
 * The contact form's backend on a Worker: the same core as on Node (server/contact/), with D1 for
 * the store and the rate limit, and SMTP over Cloudflare's sockets for the mail. Settings come
 * from wrangler.jsonc's vars and the Worker's secrets, read once per isolate.
 */
export interface WorkerContact {
  config: ContactConfig;
  store: ContactStore;
  limiter: D1RateLimiter;
  /** How to mail a stored enquiry; null without SMTP settings. */
  delivery: DeliveryOptions | null;
}

let forThisIsolate: { env: WorkerEnv; contact: WorkerContact } | undefined;
const problems = createProblemLog();

/** A send still `sending` this long after its claim was cut off with its Worker: marked uncertain by the next cron. */
export const abandonedSendMs = 15 * 60_000;

export function workerContact(env: WorkerEnv): WorkerContact {
  if (forThisIsolate?.env === env) return forThisIsolate.contact;
  const config = readContactConfig(env as Record<string, string | undefined>, { recipient: site.email, siteUrl: site.url });
  const store = new ContactStore(d1Database(env.DB));
  const delivery = config.smtp
    ? { store, transport: workerMailTransport(config.smtp), from: config.smtp.from, to: config.recipient, siteHost: new URL(site.url).host, retry: config.retry }
    : null;
  const contact = { config, store, limiter: new D1RateLimiter(env.DB, config.rateLimit), delivery };
  forThisIsolate = { env, contact };
  return contact;
}

/** What the contact endpoint gets on a Worker, for one request: mail is tried right after the message is stored, once the answer is on its way. */
export function workerContactEndpoint(env: WorkerEnv, context: WorkerContext, requestUrl: string): ContactEndpoint {
  const contact = workerContact(env);
  return {
    receive: (request, visitor) =>
      processContactRequest(request, {
        intake: {
          config: contact.config,
          limiter: contact.limiter,
          store: contact.store,
          onStored: (id) => {
            if (contact.delivery) context.waitUntil(deliver(id, contact.delivery));
          },
          log: problems,
        },
        ...visitor,
      }),
    staticPage: (path) => env.ASSETS.fetch(new URL(path, requestUrl)),
    log: problems,
  };
}

/**
 * The Cron Trigger's work (wrangler.jsonc, every minute): sends cut off with their Worker are marked
 * uncertain (never sent twice), what is due is mailed with the same back-off as on Node, and the
 * rate limit forgets what has left its window.
 */
export async function cronDelivery(env: WorkerEnv, now = Date.now()): Promise<void> {
  const contact = workerContact(env);
  const interrupted = await contact.store.recoverInterrupted(new Date(now - abandonedSendMs));
  if (interrupted) console.log(`[contact] ${interrupted} message(s) were cut off while being sent; marked uncertain (see npm run inbox -- --cloudflare).`);
  if (contact.delivery) await deliverDue(contact.delivery);
  await contact.limiter.forgetBefore(now);
}
