import { describe, expect, it } from 'vitest';
import { classifySendError, composeContactMail, retryDelay } from '../../server/contact/mail.ts';
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
