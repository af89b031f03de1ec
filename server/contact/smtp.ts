import { createTransport } from 'nodemailer';
import type { SmtpSettings } from './config.ts';
import type { MailTransport } from './outbox.ts';
import type { SendOutcome } from './mail.ts';

/**
 * What a failed nodemailer send means for the message. Only a failure that proves the message
 * never reached the server (no connection, or the server answered "try later") is retried; a
 * refusal for good is `failed`; a connection lost after the message was handed over is
 * `uncertain`, and never resent automatically, because resending could deliver it twice.
 */
export function classifySendError(error: { code?: string; command?: string; responseCode?: number }): SendOutcome {
  if (typeof error.responseCode === 'number') return error.responseCode >= 500 ? 'failed' : 'retry';
  if (['ECONNECTION', 'ECONNREFUSED', 'EDNS', 'ETIMEDOUT', 'ECONNRESET', 'ESOCKET', 'ETLS'].includes(error.code ?? '')) {
    // A dropped connection is only safe to retry if it dropped before the message itself was sent.
    return error.command === 'DATA' || error.command === 'MESSAGE' ? 'uncertain' : 'retry';
  }
  if (error.code === 'EAUTH' || error.code === 'EENVELOPE') return 'retry';
  return 'uncertain';
}

/** SMTP from Node, through nodemailer, with the SMTP_* settings. */
export function nodeMailTransport({ from: _from, ...connection }: SmtpSettings): MailTransport {
  const transport = createTransport({ ...connection, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    sendMail: (mail) => transport.sendMail(mail),
    classify: (error) => classifySendError(error as Parameters<typeof classifySendError>[0]),
  };
}
