// The contact form's fields and limits, with no code of the rules' own: the form draws them on
// load, and loads the rules themselves (schema.ts, with zod) only once a visitor starts on it.

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
