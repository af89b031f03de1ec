import { createTransport } from 'nodemailer';
import { createProblemLog, type ProblemLog } from '../log.ts';
import { readContactConfig, type ContactConfig } from './config.ts';
import { Outbox } from './outbox.ts';
import { processContactRequest, type ContactOutcome } from './request.ts';
import { ContactStore } from './store.ts';
import { RateLimiter } from './rate-limit.ts';

export type { ContactOutcome } from './request.ts';

/** Everything the contact endpoint needs per request, created once per process and handed to Astro as `locals.contact`. */
export interface ContactService {
  config: ContactConfig;
  store: ContactStore;
  limiter: RateLimiter;
  outbox: Outbox | null;
  /** Where problems that visitors can cause are written, a few lines a minute at most. */
  log: ProblemLog;
  /**
   * Decides one post: stored (and queued for mail) before this resolves when accepted.
   * `clientAddress` is the visitor's; `origin` the one their browser used, when the request's own
   * URL cannot say it (behind a proxy).
   */
  receive(request: Request, visitor: { clientAddress: string; origin?: string }): Promise<ContactOutcome>;
  /** Stops the outbox and closes the store. */
  close(): Promise<void>;
}

/**
 * Starts the contact service from the environment: the store, the rate limit and, when SMTP is
 * configured, the outbox that mails enquiries to `recipient` (unless CONTACT_TO says otherwise).
 */
export function createContactService({
  recipient,
  siteUrl,
  env = process.env,
  log = createProblemLog(),
}: {
  recipient: string;
  siteUrl: string;
  env?: NodeJS.ProcessEnv;
  log?: ProblemLog;
}): ContactService {
  const config = readContactConfig(env, { recipient, siteUrl });
  const siteHost = new URL(siteUrl).host;
  const store = new ContactStore(config.databasePath, { backgroundCheckpoints: true });
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
  const service: ContactService = {
    config,
    store,
    limiter,
    outbox,
    log,
    receive: (request, visitor) => processContactRequest(request, { service, ...visitor }),
    close: async () => {
      await outbox?.stop();
      await store.stopBackgroundCheckpoints();
      store.close();
    },
  };
  return service;
}
