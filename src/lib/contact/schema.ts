import { z } from 'astro/zod';
import { contactLimits, phonePattern, type ContactField } from './fields.ts';

// Zod would otherwise probe for `new Function` to compile fast parsers; the site's Content-Security-
// Policy forbids eval, and the probe alone is reported as a violation in the browser.
z.config({ jitless: true });

// The contact form's rules, in one place: the React island checks them as the visitor types, the
// server (server/contact/request.ts) checks them again on every post, and the HTML form carries the
// same limits as attributes.

export * from './fields.ts';

const wholePhonePattern = new RegExp(`^${phonePattern}$`);
const phoneDigits = { min: 8, max: 15 };

// What a person can see in a field is what the company must read in its inbox. So a field refuses:
// - control characters (C0, C1 and DEL), which could add headers to the e-mail or garble the inbox
//   (the message keeps tabs and its line breaks, LF or CRLF, but not a lone CR, over which a terminal writes the rest of the line);
// - Unicode's "default ignorable" characters, which draw nothing: bidi overrides such as U+202E,
//   zero-width spaces, Hangul fillers, soft hyphens. Emoji and scripts need three of them inside a
//   sequence, so those are kept there: a joiner (ZWJ, ZWNJ) between two visible characters, a
//   variation selector right after one, and tags after a black flag, ended by their cancel tag
//   (the flags of England, Scotland, Wales); anywhere else tags are hidden text;
// - lone surrogates, which are not text at all.
// And a value must hold at least one character that shows. Unicode's own properties decide, so
// accents, every script and new emoji pass without a list of our own.
const visible = String.raw`[^\p{White_Space}\p{Cc}\p{Cf}\p{Cs}\p{M}\p{Default_Ignorable_Code_Point}]`;
const visibleCharacter = new RegExp(visible, 'u');
const joinersInSequences = new RegExp(String.raw`(?<=${visible}[\p{M}\u{FE00}-\u{FE0F}]*)[\u200C\u200D](?=${visible})|(?<=${visible})[\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}]+|(?<=\u{1F3F4})[\u{E0020}-\u{E007E}]+\u{E007F}`, 'gu');
const hiddenCharacters = /[\p{Cc}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;
const hiddenInMessage = /[\p{Cs}\p{Default_Ignorable_Code_Point}]|(?!\t|\n|\r\n)\p{Cc}/u;
const lineBreaks = /[\r\n\u2028\u2029]/;

/** Whether `value` holds a character that draws nothing or controls the terminal, outside the sequences emoji and scripts need. */
export function hasHiddenCharacters(value: string, { multiline = false } = {}): boolean {
  return (multiline ? hiddenInMessage : hiddenCharacters).test(value.replace(joinersInSequences, ''));
}

function required(label: string, maxLength: number, { multiline = false } = {}) {
  const pleaseEnter = `Please enter ${label}.`;
  return z
    .string({ error: pleaseEnter })
    .trim()
    .min(1, { error: pleaseEnter })
    .max(maxLength, { error: `Please keep ${label} to ${maxLength.toLocaleString('en-AU')} characters or fewer.` })
    .refine((value) => visibleCharacter.test(value), { error: pleaseEnter, abort: true })
    .refine((value) => multiline || !lineBreaks.test(value), { error: `Please keep ${label} on one line.`, abort: true })
    .refine((value) => !hasHiddenCharacters(value, { multiline }), {
      error: `Please type ${label} again: it holds invisible or control characters, which can make text look different from what it says.`,
    });
}

export const contactSchema = z.object({
  name: required('your name', contactLimits.name),
  email: required('your e-mail address', contactLimits.email).pipe(z.email({ error: 'Please enter an e-mail address like name@example.com.' })),
  'phone-number': required('your phone number', contactLimits['phone-number']).refine(
    (value) => {
      const digits = value.replace(/\D/g, '').length;
      return wholePhonePattern.test(value) && digits >= phoneDigits.min && digits <= phoneDigits.max;
    },
    { error: 'Please enter a phone number such as 0412 345 678 or +61 2 5550 4821.' },
  ),
  subject: required('a subject', contactLimits.subject),
  message: required('your message', contactLimits.message, { multiline: true }),
});

export type ContactMessage = z.output<typeof contactSchema>;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The first problem with each field, keyed by field name, or `null` when the form is valid. */
export function validateContact(input: Record<string, unknown>): { data: ContactMessage; errors: null } | { data: null; errors: ContactErrors } {
  const result = contactSchema.safeParse(input);
  if (result.success) return { data: result.data, errors: null };
  const { fieldErrors } = z.flattenError(result.error);
  return { data: null, errors: Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages[0]])) };
}

/** The one problem (or none) with a single field, for checking as the visitor leaves it. */
export function validateContactField(field: ContactField, value: string): string | undefined {
  const result = contactSchema.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
