import type { ContactMessage } from '../../src/lib/contact/schema.ts';
import { defineSiteConfig, type SiteConfigInput } from '../../src/lib/site/config.ts';

/** A contact form submission that passes every rule: the one valid message every contact test starts from. */
export const validMessage = {
  name: 'Ana Lee',
  email: 'ana@example.org',
  'phone-number': '0412 345 678',
  subject: 'Quote please',
  message: 'We would like a quote for a booking system.\nThanks!',
} as const satisfies ContactMessage;

/** Company details that pass every rule, for tests that need a site config of their own. */
export const validSiteConfig: SiteConfigInput = {
  url: 'https://www.example.com',
  companyName: 'Example Co',
  brand: 'Example',
  tagline: 'We make things',
  location: 'Sydney',
  timeZone: 'Australia/Sydney',
  description: 'A description that is long enough to be a useful meta description for a page.',
  foundedYear: 2017,
  address: { street: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000', country: 'Australia' },
  hours: 'Monday to Friday, 9 am to 5 pm',
  email: 'hello@example.com',
  phone: { display: '(02) 5550 0000', dial: '+61255500000' },
  social: [
    { network: 'LinkedIn', href: 'https://www.example.com/in', icon: 'linkedin' },
    { network: 'Facebook', href: 'https://www.example.com/fb', icon: 'facebook' },
  ],
  navigation: [{ label: 'Home', href: '/' }],
};

/** Those details as the site reads them. */
export const validSite = defineSiteConfig(validSiteConfig);
