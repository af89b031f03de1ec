import { LogLevel, WorkerMailer } from 'worker-mailer';
import type { readContactConfig } from './config.ts';
import { composeContactMail, encodedWords, mailbox, mailboxHeader, type ContactMail } from './mail.ts';
import { retryDelay, type contactStore } from './store.ts';

/** What mailing needs (contactOf() in endpoint.ts makes it when a mail server is set), declared here so that this module imports nothing that imports it. */
export type Outbox = { store: ReturnType<typeof contactStore>; smtp: NonNullable<ReturnType<typeof readContactConfig>['smtp']>; to: string; siteHost: string; retry: { baseMs: number; maxMs: number } };

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
    const reason = plainReason(error instanceof Error ? error.message : String(error));
    const delay = retryDelay(message.attempts, outbox.retry);
    await outbox.store.markFailed(id, reason, new Date(Date.now() + delay));
    console.error(`[contact] Enquiry #${id} not mailed yet (attempt ${message.attempts}: ${reason}); trying again in ${Math.round(delay / 1000)} s.`);
  }
}

/** worker-mailer's words for a failure the company can fix itself, said as it needs to hear them (the Worker's log, the health answer and `npm run inbox` show them). */
function plainReason(reason: string): string {
  if (/requires authentication, but no credentials/i.test(reason)) return 'The mail server asks for a login and none is set: set SMTP_USER and SMTP_PASS (npx wrangler secret put SMTP_USER, then SMTP_PASS).';
  return reason;
}

/**
 * Sends one mail over SMTP from the Worker, through Cloudflare's TCP sockets (ports 587 and 465;
 * Cloudflare blocks 25), with worker-mailer, a library made for them. One connection per message:
 * a Worker keeps nothing open between requests. The time-outs keep a send well within
 * attemptLeaseMs (server/contact/store.ts).
 */
export async function sendMail(smtp: Outbox['smtp'], mail: ContactMail): Promise<void> {
  const mailer = await WorkerMailer.connect({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    credentials: smtp.auth ? { username: smtp.auth.user, password: smtp.auth.pass } : undefined,
    authType: ['plain', 'login', 'cram-md5'],
    logLevel: LogLevel.NONE,
    socketTimeoutMs: 10_000,
    responseTimeoutMs: 20_000,
  });
  try {
    const from = mailbox(mail.from);
    await mailer.send({
      from,
      to: mailbox(mail.to),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      // The headers a visitor's words go into are written here, whole (see encodedWords).
      headers: {
        From: from.name ? mailboxHeader(from.name, from.email) : from.email,
        'Reply-To': mailboxHeader(mail.replyTo.name, mail.replyTo.address),
        Subject: encodedWords(mail.subject),
        'Message-ID': mail.messageId,
      },
    });
  } finally {
    await mailer.close().catch(() => undefined);
  }
}
