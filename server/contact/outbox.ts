import type { ContactStore } from './store.ts';
import { classifySendError, composeContactMail, retryDelay, type ContactMail } from './mail.ts';

/** Anything that can deliver one e-mail; nodemailer's transport in production, a fake in tests. */
export interface MailTransport {
  sendMail(mail: ContactMail): Promise<unknown>;
}

interface OutboxOptions {
  store: ContactStore;
  transport: MailTransport;
  from: string;
  to: string;
  siteHost: string;
  retry: { baseMs: number; maxMs: number };
  log?: (line: string) => void;
}

/**
 * Mails stored enquiries to the company, one at a time, oldest first. A message that cannot be
 * sent now is retried later with growing delays, so mail stored while the mail server was down goes
 * out once it is back; each message is claimed in the store before it is sent, so it is mailed once.
 */
export class Outbox {
  readonly #options: OutboxOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  constructor(options: OutboxOptions) {
    this.#options = options;
  }

  /** Starts delivering: first what a previous run left behind, then whatever arrives. */
  start(): void {
    const interrupted = this.#options.store.recoverInterrupted();
    if (interrupted) this.#log(`${interrupted} message(s) were being sent when the server last stopped; marked uncertain (see npm run inbox).`);
    this.kick();
  }

  /** Asks for a delivery pass now (after a new message is stored). */
  kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = this.#drain().finally(() => {
      this.#running = undefined;
      if (this.#again) {
        this.#again = false;
        this.kick();
      } else {
        this.#schedule();
      }
    });
  }

  /** Resolves when no delivery pass is running (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.idle();
  }

  async #drain(): Promise<void> {
    const { store } = this.#options;
    for (let batch = store.due(new Date()); batch.length > 0 && !this.#stopped; batch = store.due(new Date())) {
      for (const message of batch) {
        if (this.#stopped) return;
        await this.#deliver(message.id);
      }
    }
  }

  async #deliver(id: number): Promise<void> {
    const { store, transport, retry } = this.#options;
    if (!store.claim(id)) return;
    const message = store.get(id);
    if (!message) return;
    try {
      await transport.sendMail(composeContactMail(message, this.#options));
      store.markSent(id);
      this.#log(`Enquiry #${id} mailed to ${this.#options.to}.`);
    } catch (error) {
      const details = error as { message?: string; code?: string; command?: string; responseCode?: number };
      const reason = details.message ?? String(error);
      const outcome = classifySendError(details);
      if (outcome === 'retry') {
        const delay = retryDelay(message.attempts, retry);
        store.markRetry(id, reason, new Date(Date.now() + delay));
        this.#log(`Enquiry #${id} not sent (${reason}); retrying in ${Math.round(delay / 1000)} s.`);
      } else {
        store.markFinal(id, outcome, reason);
        this.#log(`Enquiry #${id} ${outcome === 'failed' ? 'refused by the mail server' : 'may not have been delivered'}: ${reason}. See npm run inbox.`);
      }
    }
  }

  #schedule(): void {
    if (this.#stopped) return;
    const next = this.#options.store.nextDueAt();
    if (!next) return;
    // Timers cannot wait longer than about 24 days; a later message is picked up by a later pass.
    const wait = Math.min(Math.max(0, next.getTime() - Date.now()), 2 ** 31 - 1);
    this.#timer = setTimeout(() => this.kick(), wait);
    this.#timer.unref();
  }

  #log(line: string): void {
    (this.#options.log ?? console.log)(`[contact] ${line}`);
  }
}
