import { createTransport } from 'nodemailer';
import { readContactConfig, type ContactConfig } from './contact-config.ts';
import { Outbox } from './contact-outbox.ts';
import { ContactStore } from './contact-store.ts';
import { RateLimiter } from './rate-limit.ts';
import { site } from '../site.config.ts';

export interface ContactService {
  config: ContactConfig;
  store: ContactStore;
  limiter: RateLimiter;
  outbox: Outbox | null;
}

// One service per process. The Node server (server/main.ts) starts it at launch and the endpoint,
// bundled by Astro as a separate copy of this module, finds the same instance through globalThis.
const key = Symbol.for('impact.contact-service');
type Registry = { [key]?: ContactService };

/**
 * The running contact service, started from the environment the first time it is asked for. Mail
 * goes to the site's support address unless CONTACT_TO says otherwise.
 */
export function getContactService(): ContactService {
  const registry = globalThis as Registry;
  registry[key] ??= startContactService({ recipient: site.email, siteHost: new URL(site.url).host });
  return registry[key];
}

function startContactService({ recipient, siteHost }: { recipient: string; siteHost: string }): ContactService {
  const config = readContactConfig(process.env, recipient);
  const store = new ContactStore(config.databasePath);
  const limiter = new RateLimiter(config.rateLimit);
  let outbox: Outbox | null = null;
  if (config.smtp) {
    const { from, ...connection } = config.smtp;
    const transport = createTransport({ ...connection, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    outbox = new Outbox({ store, transport, from, to: config.recipient, siteHost, retry: config.retry });
    outbox.start();
    console.log(`[contact] Enquiries are stored in ${config.databasePath} and mailed to ${config.recipient} through ${config.smtp.host}:${config.smtp.port}.`);
  } else {
    const waiting = store.count('pending');
    console.log(
      `[contact] No SMTP server is configured (SMTP_HOST): enquiries are stored in ${config.databasePath} but not e-mailed.` +
        ` ${waiting} waiting. See them with npm run inbox.`,
    );
  }
  return { config, store, limiter, outbox };
}
