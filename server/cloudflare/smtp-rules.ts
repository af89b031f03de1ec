import type { SendOutcome } from '../contact/mail.ts';

// What the Worker's SMTP sending (server/cloudflare/smtp.ts) decides without a socket: how the
// headers a visitor's words go into are written, and what a failure means for the message.

/** "Website contact form <web@example.com>" as worker-mailer takes it: a name and an address. */
export function mailbox(text: string): { name?: string; email: string } {
  const named = /^\s*"?(.*?)"?\s*<([^<>\s]+)>\s*$/.exec(text);
  return named ? { name: named[1] || undefined, email: named[2]! } : { email: text.trim() };
}

/**
 * Header text in words a mail client decodes: ASCII as it is, anything else as RFC 2047 encoded
 * words (UTF-8, base64), each within the 75-character limit and never splitting a character.
 * Hand-written: worker-mailer encodes a non-ASCII text as one word of any length, and would put
 * an ASCII name with a quote mark between quotes as it is, which breaks the address.
 */
export function encodedWords(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
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

/** A mailbox for a header: `"Name" <address>`, the name quoted (ASCII) or encoded (anything else). */
export function mailboxHeader(name: string, address: string): string {
  const shown = /^[\x20-\x7e]*$/.test(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : encodedWords(name);
  return `${shown} <${address}>`;
}

/** A failure before any message was handed over (no connection, no greeting, no login): it is always safe to try again. */
export class NotConnectedError extends Error {}

/**
 * What a failed send through worker-mailer means for the message. worker-mailer reports where it
 * stopped in its error's words (pinned at 1.2.1): a refusal of the sender, a recipient or DATA
 * comes before the message was handed over; "Failed send email body" carries the server's answer
 * to the message itself. A code 5xx is final, 4xx worth a retry. Anything else (a time-out, a
 * dropped connection) may have come after the message was handed over: uncertain, never resent.
 */
export function classifyWorkerMailerError(error: unknown): SendOutcome {
  if (error instanceof NotConnectedError) return 'retry';
  const message = error instanceof Error ? error.message : String(error);
  const answered = /^(?:Invalid MAIL FROM|Invalid RCPT TO|Failed to send DATA|Failed send email body)\b.*?\b([245])\d\d\b/s.exec(message);
  if (answered) return answered[1] === '5' ? 'failed' : 'retry';
  return 'uncertain';
}
