import type { ContactConfig, SmtpSettings } from './config.ts';
import { composeContactMail, sendMail } from './mail.ts';
import { retryDelay, type ContactStore } from './store.ts';

export interface Outbox {
  store: ContactStore;
  smtp: SmtpSettings;
  to: string;
  siteHost: string;
  retry: ContactConfig['retry'];
}

/**
 * One attempt at mailing a stored enquiry, if it is due and no other sender has started one (the
 * Worker tries right after storing it, the cron every minute after that). A failed attempt is
 * recorded with its reason, and the message is tried again later, with a growing delay, until the
 * mail server accepts it.
 */
export async function deliver(id: number, outbox: Outbox, now = new Date()): Promise<void> {
  const message = await outbox.store.startAttempt(id, now);
  if (!message) return;
  try {
    await sendMail(outbox.smtp, composeContactMail(message, { from: outbox.smtp.from, to: outbox.to, siteHost: outbox.siteHost }));
    await outbox.store.markSent(id, new Date());
    console.log(`[contact] Enquiry #${id} mailed to ${outbox.to}.`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const delay = retryDelay(message.attempts, outbox.retry);
    await outbox.store.markFailed(id, reason, new Date(Date.now() + delay));
    console.error(`[contact] Enquiry #${id} not mailed yet (attempt ${message.attempts}: ${reason}); trying again in ${Math.round(delay / 1000)} s.`);
  }
}

/** Mails every pending message that is due, oldest first, one at a time. */
export async function deliverDue(outbox: Outbox, now = new Date()): Promise<void> {
  for (let batch = await outbox.store.due(now); batch.length > 0; batch = await outbox.store.due(now)) {
    for (const id of batch) await deliver(id, outbox, now);
  }
}
