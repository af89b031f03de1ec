import type { ContactMessage } from '../../src/lib/contact/schema.ts';

/** A contact form submission that passes every rule: the one valid message every contact test starts from. */
export const validMessage = {
  name: 'Ana Lee',
  email: 'ana@example.org',
  'phone-number': '0412 345 678',
  subject: 'Quote please',
  message: 'We would like a quote for a booking system.\nThanks!',
} as const satisfies ContactMessage;
