import type { StoredMessage } from './store.ts';
import { escapeHtml } from '../../src/lib/publishing/escape-html.ts';

export interface ContactMail {
  from: string;
  to: string;
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

/**
 * The e-mail the company receives for one enquiry. Replying goes straight to the visitor
 * (Reply-To). Every value is plain data handed to the mail library, which encodes headers itself, and
 * the schema has already refused line breaks in one-line fields, so no field can add a header.
 * The Message-ID is derived from the stored id: the same enquiry always carries the same id.
 */
export function composeContactMail(message: StoredMessage, options: { from: string; to: string; siteHost: string }): ContactMail {
  const rows: [string, string][] = [
    ['Name', message.name],
    ['E-mail', message.email],
    ['Phone', message['phone-number']],
    ['Subject', message.subject],
    ['Received', message.receivedAt],
  ];
  const text = [...rows.map(([label, value]) => `${label}: ${value}`), '', message.message, '', `Enquiry #${message.id}`].join('\n');
  const html = `<!doctype html><html lang="en-AU"><body style="font-family:sans-serif">
<table>${rows.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>
<p style="color:#555">Enquiry #${message.id} from the website contact form. Reply to this e-mail to answer ${escapeHtml(message.name)}.</p>
</body></html>`;
  return {
    from: options.from,
    to: options.to,
    replyTo: { name: message.name, address: message.email },
    subject: `Website enquiry: ${message.subject}`,
    text,
    html,
    messageId: `<contact-${message.id}-${Date.parse(message.receivedAt)}@${options.siteHost}>`,
    headers: { 'X-Contact-Enquiry-Id': String(message.id) },
  };
}

/** The delay before the next attempt: doubling from `baseMs`, capped at `maxMs`. */
export function retryDelay(attempts: number, { baseMs, maxMs }: { baseMs: number; maxMs: number }): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** What a failed send means for the message (see MailTransport.classify). */
export type SendOutcome = 'retry' | 'failed' | 'uncertain';
