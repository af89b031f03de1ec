import { LogLevel, WorkerMailer } from 'worker-mailer';
import type { SmtpSettings } from '../contact/config.ts';
import type { MailTransport } from '../contact/outbox.ts';
import { classifyWorkerMailerError, encodedWords, mailbox, mailboxHeader, NotConnectedError } from './smtp-rules.ts';

/**
 * SMTP from a Worker, over Cloudflare's TCP sockets (ports 587 and 465; Cloudflare blocks 25),
 * with worker-mailer: the same SMTP_* settings, mail server and mailbox as the Node server's
 * nodemailer. One connection per message: a Worker keeps nothing open between requests.
 */
export function workerMailTransport(smtp: SmtpSettings): MailTransport {
  return {
    async sendMail(mail) {
      let mailer: WorkerMailer;
      try {
        mailer = await WorkerMailer.connect({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          startTls: true,
          credentials: smtp.auth ? { username: smtp.auth.user, password: smtp.auth.pass } : undefined,
          authType: ['plain', 'login', 'cram-md5'],
          logLevel: LogLevel.NONE,
          socketTimeoutMs: 10_000,
          responseTimeoutMs: 30_000,
        });
      } catch (error) {
        throw new NotConnectedError(error instanceof Error ? error.message : String(error));
      }
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
            ...mail.headers,
            From: from.name ? mailboxHeader(from.name, from.email) : from.email,
            'Reply-To': mailboxHeader(mail.replyTo.name, mail.replyTo.address),
            Subject: encodedWords(mail.subject),
            'Message-ID': mail.messageId,
          },
        });
      } finally {
        await mailer.close().catch(() => undefined);
      }
    },
    classify: classifyWorkerMailerError,
  };
}
