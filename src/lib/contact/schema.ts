import { z } from 'astro/zod';

// Zod would otherwise probe for `new Function` to compile fast parsers; the site's Content-Security-
// Policy forbids eval, and the probe alone is reported as a violation in the browser.
z.config({ jitless: true });

// The contact form's rules, in one place: the React island checks them as the visitor types, the
// server (server/contact/request.ts) checks them again on every post, and the HTML form carries the
// same limits as attributes.

/** The hidden field people never see or fill in; bots that fill every field fill it too. */
export const honeypotField = 'website';
/** Set by the form's script when it starts (milliseconds since 1970); absent without JavaScript. */
export const startedField = 'form-started';

/** Longest accepted value of each field, in characters. */
export const contactLimits = {
  name: 100,
  email: 254,
  'phone-number': 32,
  subject: 150,
  message: 5000,
} as const;

export type ContactField = keyof typeof contactLimits;
export const contactFields = Object.keys(contactLimits) as ContactField[];

/** The visible label of each field, in the form and in error lists. */
export const contactFieldLabels: Record<ContactField, string> = {
  name: 'Your name',
  email: 'E-mail address',
  'phone-number': 'Phone number',
  subject: 'Subject',
  message: 'Message',
};

/** Characters allowed in a phone number besides digits: spaces, brackets, dashes, dots, a leading +. */
export const phonePattern = '\\+?[0-9 ().\\-]+';
const wholePhonePattern = new RegExp(`^${phonePattern}$`);
const phoneDigits = { min: 8, max: 15 };

// Control characters (and any line break in a one-line field) could smuggle extra headers into
// the e-mail or garble the inbox, so they are refused outright.
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const lineBreaks = /[\r\n\u2028\u2029]/;

function required(label: string, maxLength: number, { multiline = false } = {}) {
  return z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .min(1, { error: `Please enter ${label}.` })
    .max(maxLength, { error: `Please keep ${label} to ${maxLength.toLocaleString('en-AU')} characters or fewer.` })
    .refine((value) => !controlCharacters.test(value), { error: `Please remove the unusual control characters from ${label}.` })
    .refine((value) => multiline || !lineBreaks.test(value), { error: `Please keep ${label} on one line.` });
}

export const contactSchema = z.object({
  name: required('your name', contactLimits.name),
  email: required('your e-mail address', contactLimits.email).pipe(
    z.email({ error: 'Please enter an e-mail address like name@example.com.' }),
  ),
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
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

/** The one problem (or none) with a single field, for checking as the visitor leaves it. */
export function validateContactField(field: ContactField, value: string): string | undefined {
  const result = contactSchema.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
