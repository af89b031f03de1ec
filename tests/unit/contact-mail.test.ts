import { describe, expect, it } from 'vitest';
import { composeContactMail, retryDelay } from '../../server/contact/mail.ts';
import { classifySendError } from '../../server/contact/smtp.ts';
import { classifyWorkerMailerError, encodedWords, mailbox, mailboxHeader, NotConnectedError } from '../../server/cloudflare/smtp-rules.ts';
import { escapeHtml } from '../../src/lib/publishing/escape-html.ts';
import type { StoredMessage } from '../../server/contact/store.ts';

const stored: StoredMessage = {
  id: 7,
  receivedAt: '2026-11-22T01:02:03.000Z',
  name: 'Ana <script>alert(1)</script>',
  email: 'ana@example.org',
  'phone-number': '0412 345 678',
  subject: 'Quote & "timing"',
  message: 'Line one\n<b>bold?</b>',
  status: 'pending',
  attempts: 1,
  nextAttemptAt: null,
  lastError: null,
  sentAt: null,
  ip: '127.0.0.1',
  userAgent: null,
};

describe('composeContactMail', () => {
  const mail = composeContactMail(stored, { from: 'Website <web@example.com>', to: 'support@example.com', siteHost: 'www.example.com' });

  it('goes to the company, with the visitor as Reply-To', () => {
    expect(mail.to).toBe('support@example.com');
    expect(mail.replyTo).toEqual({ name: stored.name, address: 'ana@example.org' });
    expect(mail.subject).toBe('Website enquiry: Quote & "timing"');
  });

  it('carries every field in the text body', () => {
    for (const value of [stored.name, stored.email, stored['phone-number'], stored.subject, stored.message]) expect(mail.text).toContain(value);
  });

  it('escapes every field in the HTML body', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>bold?</b>');
    expect(mail.html).toContain('Ana &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail.html).toContain('Quote &#38; &#34;timing&#34;');
  });

  it('has a Message-ID that is the same every time for the same enquiry', () => {
    const again = composeContactMail(stored, { from: 'x@example.com', to: 'y@example.com', siteHost: 'www.example.com' });
    expect(mail.messageId).toBe('<contact-7-1795309323000@www.example.com>');
    expect(again.messageId).toBe(mail.messageId);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
  });
});

describe('retryDelay', () => {
  it('doubles from the base and stops at the cap', () => {
    const policy = { baseMs: 1000, maxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 9].map((attempts) => retryDelay(attempts, policy))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});

describe('classifySendError', () => {
  it('retries when the message provably never reached the server', () => {
    expect(classifySendError({ code: 'ECONNECTION', command: 'CONN' })).toBe('retry');
    expect(classifySendError({ code: 'ESOCKET' })).toBe('retry');
    expect(classifySendError({ responseCode: 421 })).toBe('retry');
    expect(classifySendError({ code: 'EAUTH', responseCode: 454 })).toBe('retry');
  });
  it('gives up on a permanent refusal', () => {
    expect(classifySendError({ responseCode: 550 })).toBe('failed');
  });
  it('never resends when the connection broke while the message was being handed over', () => {
    expect(classifySendError({ code: 'ECONNRESET', command: 'DATA' })).toBe('uncertain');
    expect(classifySendError({})).toBe('uncertain');
  });
});

describe('the Worker’s SMTP (worker-mailer)', () => {
  const decode = (word: string) => new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(/^=\?UTF-8\?B\?(.*)\?=$/.exec(word)![1]!), (c) => c.charCodeAt(0)));

  it('writes a visitor’s words into headers a mail client decodes, each encoded word within 75 characters', () => {
    expect(encodedWords('Booking system')).toBe('Booking system');
    const long = 'Système de réservation pour notre café à Sydney, s’il vous plaît 🙏🏽 — 預約系統';
    const words = encodedWords(long).split(' ');
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) expect(word.length).toBeLessThanOrEqual(75);
    // Each word decodes on its own: no character is split between two.
    expect(words.map(decode).join('')).toBe(long);
  });

  it('quotes an ASCII name whole, quote marks and backslashes escaped, and encodes any other', () => {
    expect(mailboxHeader('Ana "AJ" Lee \\ Co', 'ana@example.org')).toBe('"Ana \\"AJ\\" Lee \\\\ Co" <ana@example.org>');
    expect(mailboxHeader('Zoë Đặng', 'zoe@example.org')).toMatch(/^=\?UTF-8\?B\?[\w+/=]+\?= <zoe@example\.org>$/);
    expect(mailbox('Website contact form <web@example.com>')).toEqual({ name: 'Website contact form', email: 'web@example.com' });
    expect(mailbox('web@example.com')).toEqual({ email: 'web@example.com' });
  });

  it('retries what never reached the server, gives up on a refusal, and never resends a send cut off mid-message', () => {
    expect(classifyWorkerMailerError(new NotConnectedError('Socket timeout!'))).toBe('retry');
    expect(classifyWorkerMailerError(new Error('Invalid MAIL FROM: <web@example.com> 451 4.3.0 try again later'))).toBe('retry');
    expect(classifyWorkerMailerError(new Error('Invalid RCPT TO: <sales@example.com> 550 5.1.1 no such user'))).toBe('failed');
    expect(classifyWorkerMailerError(new Error('Failed send email body: 554 5.7.1 rejected as spam'))).toBe('failed');
    expect(classifyWorkerMailerError(new Error('Timeout while waiting for smtp server response'))).toBe('uncertain');
  });
});
