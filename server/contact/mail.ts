import { escapeHtml } from '../../src/lib/publishing/escape-html.ts';
import type { StoredMessage } from './store.ts';

/**
 * The e-mail the company receives for one enquiry. Replying goes straight to the visitor
 * (Reply-To). The schema has already refused line breaks in one-line fields, so no field can add a
 * header. The Message-ID is derived from the stored id: the same enquiry always carries the same id.
 */
export function composeContactMail(message: StoredMessage, options: { from: string; to: string; siteHost: string }) {
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
  };
}

export type ContactMail = ReturnType<typeof composeContactMail>;

/** "Website contact form <web@example.com>" as worker-mailer takes it: a name and an address. */
export function mailbox(text: string): { name?: string; email: string } {
  const named = /^\s*"?(.*?)"?\s*<([^<>\s]+)>\s*$/.exec(text);
  return named ? { name: named[1] || undefined, email: named[2]! } : { email: text.trim() };
}

/** Whether header text can go as it is: ASCII holding no `=?`, which a mail client would take for the start of an encoded word and decode. */
const asTyped = (text: string) => /^[\x20-\x7e]*$/.test(text) && !text.includes('=?');

/**
 * Header text in words a mail client decodes: ASCII as it is, anything else (or holding `=?`) as
 * RFC 2047 encoded words (UTF-8, base64), each within the 75-character limit and never splitting a
 * character. Hand-written: worker-mailer encodes a non-ASCII text as one word of any length, and
 * would put an ASCII name with a quote mark between quotes as it is, which breaks the address.
 */
export function encodedWords(text: string): string {
  if (asTyped(text)) return text;
  const encoder = new TextEncoder();
  const words: string[] = [];
  let chunk = '';
  for (const character of text) {
    // 45 bytes make 60 characters of base64, which with "=?UTF-8?B?" and "?=" stay within 75.
    if (encoder.encode(chunk + character).length > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += character;
  }
  words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${btoa(String.fromCharCode(...encoder.encode(word)))}?=`).join(' ');
}

/** A mailbox for a header: `"Name" <address>`, the name quoted (ASCII) or encoded (anything else): clients decode encoded words between quotes too. */
export function mailboxHeader(name: string, address: string): string {
  const shown = asTyped(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : encodedWords(name);
  return `${shown} <${address}>`;
}
