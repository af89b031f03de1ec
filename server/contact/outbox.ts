import type { ContactStore } from './store.ts';
import { composeContactMail, retryDelay, type ContactMail, type SendOutcome } from './mail.ts';

/** Anything that can deliver one e-mail, and say what a failure means for the message. */
export interface MailTransport {
  sendMail(mail: ContactMail): Promise<unknown>;
  /**
   * Whether a failed send may be tried again (`retry`: it never reached the server, or the server
   * said try later), was refused for good (`failed`), or broke off after the message was handed
   * over (`uncertain`: never resent automatically, since that could deliver it twice).
   */
  classify(error: unknown): SendOutcome;
}

export interface DeliveryOptions {
  store: ContactStore;
  transport: MailTransport;
  from: string;
  to: string;
  siteHost: string;
  retry: { baseMs: number; maxMs: number };
  log?: (line: string) => void;
}

const logLine = (options: DeliveryOptions, line: string) => (options.log ?? console.log)(`[contact] ${line}`);

/**
 * Mails one stored enquiry, if this caller wins the claim on it (so no other sender mails it too).
 * A message that cannot be sent now is put back for later, with a growing delay.
 */
export async function deliver(id: number, options: DeliveryOptions): Promise<void> {
  const { store, transport, retry } = options;
  if (!(await store.claim(id))) return;
  const message = await store.get(id);
  if (!message) return;
  try {
    await transport.sendMail(composeContactMail(message, options));
    await store.markSent(id);
    logLine(options, `Enquiry #${id} mailed to ${options.to}.`);
  } catch (error) {
    const reason = (error as { message?: string }).message ?? String(error);
    const outcome = transport.classify(error);
    if (outcome === 'retry') {
      const delay = retryDelay(message.attempts, retry);
      await store.markRetry(id, reason, new Date(Date.now() + delay));
      logLine(options, `Enquiry #${id} not sent (${reason}); retrying in ${Math.round(delay / 1000)} s.`);
    } else {
      await store.markFinal(id, outcome, reason);
      logLine(options, `Enquiry #${id} ${outcome === 'failed' ? 'refused by the mail server' : 'may not have been delivered'}: ${reason}. See npm run inbox.`);
    }
  }
}

/** One delivery pass: every pending message that is due, oldest first, one at a time, until none is left or `stopped()` says so. */
export async function deliverDue(options: DeliveryOptions, stopped: () => boolean = () => false): Promise<void> {
  for (let batch = await options.store.due(new Date()); batch.length > 0 && !stopped(); batch = await options.store.due(new Date())) {
    for (const message of batch) {
      if (stopped()) return;
      await deliver(message.id, options);
    }
  }
}

/**
 * The server's outbox: a delivery pass when a message is stored, and another when the next retry
 * falls due, so mail stored while the mail server was down goes out once it is back. A Worker has
 * no timers between requests; it runs deliverDue from its Cron Trigger instead.
 */
export class Outbox {
  readonly #options: DeliveryOptions;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  constructor(options: DeliveryOptions) {
    this.#options = options;
  }

  /** Starts delivering: first what a previous run left behind, then whatever arrives. */
  async start(): Promise<void> {
    const interrupted = await this.#options.store.recoverInterrupted();
    if (interrupted) logLine(this.#options, `${interrupted} message(s) were being sent when the server last stopped; marked uncertain (see npm run inbox).`);
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
    this.#running = deliverDue(this.#options, () => this.#stopped)
      .catch((error: unknown) => logLine(this.#options, `Delivery pass failed: ${(error as Error).message}`))
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.kick();
        } else {
          void this.#schedule();
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

  async #schedule(): Promise<void> {
    if (this.#stopped) return;
    const next = await this.#options.store.nextDueAt();
    if (!next || this.#stopped) return;
    // Timers cannot wait longer than about 24 days; a later message is picked up by a later pass.
    const wait = Math.min(Math.max(0, next.getTime() - Date.now()), 2 ** 31 - 1);
    this.#timer = setTimeout(() => this.kick(), wait);
    (this.#timer as { unref?: () => void }).unref?.();
  }
}
