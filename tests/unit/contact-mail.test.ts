import { describe, expect, it } from 'vitest';
import { composeContactMail, encodedWords, mailbox, mailboxHeader } from '../../server/contact/mail.ts';
import { readContactConfig } from '../../server/contact/config.ts';
import type { StoredMessage } from '../../server/contact/store.ts';
import { escapeHtml } from '../../src/lib/publishing/escape-html.ts';
import { validSite as site } from '../support/fixtures.ts';

const stored: StoredMessage = {
  id: 7, receivedAt: '2026-11-22T01:02:03.000Z', attempts: 1, email: 'ana@example.org', 'phone-number': '0412 345 678',
  name: 'Ana <script>alert(1)</script>', subject: 'Quote & "timing"', message: 'Line one\n<b>bold?</b>',
};

describe('composeContactMail', () => {
  const mail = composeContactMail(stored, { from: 'Website <web@example.com>', to: 'support@example.com', siteHost: 'www.example.com' });

  it('carries every field in the text body', () => {
    for (const value of [stored.name, stored.email, stored['phone-number'], stored.subject, stored.message]) expect(mail.text).toContain(value);
  });

  it('escapes every field in the HTML body', () => {
    expect(mail.html).not.toMatch(/<script>|<b>bold\?<\/b>/);
    expect(mail.html).toContain('Ana &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail.html).toContain('Quote &#38; &#34;timing&#34;');
  });

  it('has a Message-ID that is the same every time for the same enquiry', () => {
    const again = composeContactMail(stored, { from: 'x@example.com', to: 'y@example.com', siteHost: 'www.example.com' });
    for (const composed of [mail, again]) expect(composed.messageId).toBe('<contact-7-1795309323000@www.example.com>');
  });
});

it('escapeHtml escapes the five characters that matter', () => {
  expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
});

describe('the headers a visitor’s words go into', () => {
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
    expect(['Website contact form <web@example.com>', 'web@example.com'].map(mailbox)).toEqual([{ name: 'Website contact form', email: 'web@example.com' }, { email: 'web@example.com' }]);
  });
});

describe('the contact form’s settings', () => {
  it('work with none set: mail to the site’s e-mail is off until a mail server is named', () => {
    expect(readContactConfig({}, site)).toEqual({
      recipient: 'hello@example.com', siteOrigin: 'https://www.example.com', smtp: null, edgeNamesVisitor: true,
      rateLimit: { max: 5, windowMs: 600_000 }, minFillMs: 3000, retry: { baseMs: 30_000, maxMs: 3_600_000 },
    });
  });

  it('take a mail server, its port deciding TLS, and send from the form to CONTACT_TO', () => {
    const env = { SMTP_HOST: 'smtp.example.com', SMTP_PORT: '465', SMTP_USER: 'web', SMTP_PASS: 'secret', CONTACT_TO: 'sales@example.com' };
    expect(readContactConfig(env, site).smtp).toEqual({ host: 'smtp.example.com', port: 465, secure: true, auth: { user: 'web', pass: 'secret' }, from: 'Website contact form <sales@example.com>' });
  });

  it('name every wrong one in one message', () => {
    expect(() => readContactConfig({ SMTP_PORT: 'seventy', CONTACT_TO: 'nobody', CONTACT_RETRY_BASE_SECONDS: '0' }, site)).toThrow(/The contact form settings.*3 problems[\s\S]*CONTACT_TO[\s\S]*CONTACT_RETRY_BASE_SECONDS[\s\S]*SMTP_PORT/);
  });
});
