import { resolve } from 'node:path';
import { createProblemLog, type ProblemLog } from '../log.ts';
import { readContactConfig, type ContactConfig } from './config.ts';
import { Outbox } from './outbox.ts';
import { MemoryRateLimiter } from './rate-limit.ts';
import type { ContactIntake } from './request.ts';
import { nodeMailTransport } from './smtp.ts';
import { openContactStore } from './sqlite.ts';
import type { ContactStore } from './store.ts';

/** The contact form's backend in a Node process: created once by server/main.ts (or, under `npm run dev`, by src/middleware.ts). */
export interface ContactService {
  config: ContactConfig;
  /** The store's file, resolved from where the process started. */
  databasePath: string;
  store: ContactStore;
  outbox: Outbox | null;
  log: ProblemLog;
  /** What a post needs: these settings, a rate limit in memory, the store, and the outbox to mail it. */
  intake: ContactIntake;
  /** Stops the outbox and closes the store. */
  close(): Promise<void>;
}

/**
 * Starts the contact service from the environment: the store (SQLite, with background checkpoints),
 * the rate limit and, when SMTP is configured, the outbox that mails enquiries to `recipient`
 * (unless CONTACT_TO says otherwise).
 */
export async function createContactService({
  recipient,
  siteUrl,
  env = process.env,
  log = createProblemLog(),
}: {
  recipient: string;
  siteUrl: string;
  env?: NodeJS.ProcessEnv;
  log?: ProblemLog;
}): Promise<ContactService> {
  const config = readContactConfig(env, { recipient, siteUrl });
  const databasePath = resolve(config.databasePath);
  const store = openContactStore(databasePath, { backgroundCheckpoints: true });
  let outbox: Outbox | null = null;
  if (config.smtp) {
    outbox = new Outbox({ store, transport: nodeMailTransport(config.smtp), from: config.smtp.from, to: config.recipient, siteHost: new URL(siteUrl).host, retry: config.retry });
    await outbox.start();
    console.log(`[contact] Enquiries are stored in ${databasePath} and mailed to ${config.recipient} through ${config.smtp.host}:${config.smtp.port}.`);
  } else {
    console.log(
      `[contact] No SMTP server is configured (SMTP_HOST): enquiries are stored in ${databasePath} but not e-mailed.` +
        ` ${await store.count('pending')} waiting. See them with npm run inbox.`,
    );
  }
  return {
    config,
    databasePath,
    store,
    outbox,
    log,
    intake: { config, limiter: new MemoryRateLimiter(config.rateLimit), store, onStored: () => outbox?.kick(), log },
    close: async () => {
      await outbox?.stop();
      await store.close();
    },
  };
}
