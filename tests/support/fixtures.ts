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

/** The login the tests' mail server wants, with characters that a shell or a config file would mangle. */
export const smtpLogin = { user: 'website', pass: `pa$$ 'wo"rd$HOME` };
export const healthToken = 'test-health-token-0123456789abcdef';

/** The contact form's settings for a test's Worker: mail to the tests' server on loopback, no least time to fill the form, two posts a visitor, a failed attempt tried again a second later. */
export const contactSettings = (smtpPort: number) => ({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_USER: smtpLogin.user, SMTP_PASS: smtpLogin.pass, CONTACT_TO: 'sales@example.com', HEALTH_TOKEN: healthToken, CONTACT_MIN_FILL_SECONDS: '0', CONTACT_RATE_LIMIT: '2', CONTACT_RETRY_BASE_SECONDS: '1' });

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
