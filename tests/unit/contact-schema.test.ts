import { describe, expect, it } from 'vitest';
import { contactLimits, validateContact, validateContactField } from '../../src/lib/contact/schema.ts';
import { spamReason } from '../../server/contact/spam.ts';
import { validMessage as valid } from '../support/fixtures.ts';

describe('validateContact', () => {
  it('accepts a complete message and trims every field', () => {
    expect(validateContact({ ...valid, name: '  Ana Lee ', subject: ' Quote ' })).toMatchObject({ errors: null, data: { name: 'Ana Lee', subject: 'Quote', message: valid.message } });
  });

  it('requires all five fields, with a message for each', () => {
    expect(validateContact({ name: ' ', email: '', subject: '\t' }).errors).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your e-mail address.',
      'phone-number': 'Please enter your phone number.',
      subject: 'Please enter a subject.',
      message: 'Please enter your message.',
    });
  });

  it('holds each field to its maximum length', () => {
    for (const [field, max] of Object.entries(contactLimits)) {
      const tooLong = field === 'email' ? `${'a'.repeat(max)}@example.org` : field === 'phone-number' ? '1'.repeat(max + 1) : 'x'.repeat(max + 1);
      expect(validateContact({ ...valid, [field]: tooLong }).errors?.[field as keyof typeof contactLimits], field).toMatch(/characters or fewer/);
    }
    expect(validateContact({ ...valid, message: 'x'.repeat(5000) }).errors).toBeNull();
  });

  it.each(['ana', 'ana@', '@example.org', 'ana@example', 'ana example@x.org'])('refuses the e-mail address %j as not real in form', (email) => {
    expect(validateContact({ ...valid, email }).errors?.email).toBe('Please enter an e-mail address like name@example.com.');
  });

  it.each(['0412 345 678', '(02) 5550 4821', '+61 2 5550 4821', '+61412345678', '+44 20 7946 0958', '+1 (555) 123-4567', '02.5550.4821'])('accepts the phone number %j', (phone) => {
    expect(validateContactField('phone-number', phone)).toBeUndefined();
  });
  it.each(['12345', 'call me', '0412 345 678 ext 9', '++61 2 5550 4821', '1234567890123456'])('refuses the phone number %j', (phone) => {
    expect(validateContactField('phone-number', phone)).toMatch(/phone number such as/);
  });

  it('refuses line breaks in one-line fields, so nothing can be smuggled into mail headers', () => {
    expect(validateContact({ ...valid, subject: 'Hi\r\nBcc: victim@example.org' }).errors?.subject).toBe('Please keep a subject on one line.');
    expect(validateContact({ ...valid, name: 'Ana\nLee' }).errors?.name).toBe('Please keep your name on one line.');
    expect(validateContact({ ...valid, email: 'ana@example.org\r\nBcc: x@example.org' }).errors?.email).toBeDefined();
  });

  it('refuses control characters everywhere, but keeps unicode and line breaks in the message', () => {
    expect(validateContact({ ...valid, message: 'Hello\u0000there' }).errors?.message).toMatch(/control characters/);
    // A carriage return on its own sends a terminal back to the line's start, to write over what came before it.
    expect(validateContact({ ...valid, message: 'Paid in full\rOverdue: pay now' }).errors?.message).toMatch(/control characters/);
    expect(validateContact({ ...valid, name: 'Zoë Ōtake 李', message: 'Kia ora 👋\r\nline two' }).errors).toBeNull();
  });

  it('refuses characters that draw nothing or control the terminal in one-line fields, and a value with nothing visible', () => {
    // Bidi override, zero-width space, Hangul filler, C1 next line, C1 control sequence introducer,
    // and tag characters outside an emoji flag (hidden text after a name).
    for (const hidden of ['\u202E', '\u200B', '\u3164', '\u0085', '\u009B', '\u00AD', '\u2060', '\t', '\u{E0041}\u{E0042}', '\u{1F3F4}\u{E0067}']) {
      for (const field of ['name', 'subject'] as const) {
        const error = validateContact({ ...valid, [field]: `Ana${hidden}Lee` }).errors?.[field];
        expect(error, `${field} with U+${hidden.codePointAt(0)!.toString(16).toUpperCase()}`).toMatch(/invisible or control characters/);
      }
    }
    for (const nothingVisible of ['\u200B', '\u3164\u3164', '\u200D', '\uFE0F', '\u0301']) {
      expect(validateContact({ ...valid, name: nothingVisible }).errors?.name, JSON.stringify(nothingVisible)).toBe('Please enter your name.');
      expect(validateContact({ ...valid, message: nothingVisible }).errors?.message).toBe('Please enter your message.');
    }
    expect(validateContact({ ...valid, message: 'Total: 100\u202E00' }).errors?.message).toMatch(/invisible or control characters/);
  });

  it('keeps accents, every script and emoji, with the joiners and selectors their sequences need', () => {
    for (const name of ['Zoë Ōtake', '李小龍', 'Nguyễn Thị Hằng', 'می‌خواهم', 'क्‍षत्रिय', 'Ана Ли', 'שרה כהן']) expect(validateContact({ ...valid, name }).errors, name).toBeNull();
    for (const symbol of ['👨‍👩‍👧', '👍🏽', '❤️‍🔥', '1️⃣', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '🇦🇺']) expect(validateContact({ ...valid, subject: `Quote ${symbol}` }).errors, symbol).toBeNull();
    expect(validateContact({ ...valid, message: 'Line one\r\n\tindented 👋' }).errors).toBeNull();
  });

  it('does not accept non-text values', () => {
    expect(validateContact({ ...valid, name: 42 }).errors?.name).toBe('Please enter your name.');
  });
});

// A honeypot filled, a form sent faster than a person can fill it; a person, and a post without a start time (no JavaScript), go through.
it.each([
  [{ website: 'http://spam.example' }, 'honeypot field filled in'],
  [{ 'form-started': '999500' }, 'form filled in 500 ms'],
  [{ website: '', 'form-started': '980000' }, null],
  [{}, null],
  [{ 'form-started': 'garbage' }, null],
])('spamReason of %j is %j', (fields, reason) => {
  expect(spamReason(fields, { minFillMs: 3000, now: 1_000_000 })).toBe(reason);
});
