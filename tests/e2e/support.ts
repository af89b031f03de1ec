import type { Page } from '@playwright/test';
import { contactFieldLabels, contactFields, type ContactField } from '../../src/lib/contact/schema.ts';
import { validMessage } from '../support/fixtures.ts';

/** The widths the design is checked at: a phone, a tablet and a laptop. */
export const viewports = {
  phone: { width: 390, height: 844 },
  tablet: { width: 800, height: 1024 },
  desktop: { width: 1280, height: 900 },
} as const;

/** The main navigation every menu must offer, in order. */
export const mainNavigation = [
  ['Home', '/'],
  ['About us', '/AboutUs/'],
  ['Contact', '/Contact/'],
  ['Projects', '/OurProjects/'],
  ['Services', '/OurServices/'],
  ['Products', '/OurProducts/'],
] as const;

/** The hrefs of the links inside `selector`, in document order. */
export function hrefsIn(page: Page, selector: string): Promise<string[]> {
  return page.locator(`${selector} a`).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

/** Every page of the site with its heading, as the spec lists them (home first). */
export const pages = [
  ['/', 'We build software that helps your business run better'],
  ['/AboutUs/', 'About us'],
  ['/Contact/', 'Contact us'],
  ['/OurProjects/', 'Our projects'],
  ['/OurServices/', 'Our services'],
  ['/OurProducts/', 'Our products'],
  ['/Cyber/', 'Cyber security'],
  ['/DataScience/', 'AI and data science'],
  ['/WebApp/', 'Web development'],
  ['/MobileApp/', 'Mobile app development'],
  ['/SEO/', 'SEO and digital marketing'],
  ['/Software/', 'Custom software development'],
  ['/IPOS/', 'Impact Point of Sale'],
  ['/IPayroll/', 'Impact Pay-Roll App'],
  ['/LMS/', 'Impact LMS'],
  ['/Clients/', 'Our clients'],
] as const;

/** The pages below the home page: each has a breadcrumb and answers for its whole sub-tree. */
export const innerPages = pages.slice(1);

/** Fills the contact form with the shared valid message, labels found as a visitor finds them. */
export async function fillContactForm(page: Page, overrides: Partial<Record<ContactField, string>> = {}): Promise<void> {
  const message = { ...validMessage, ...overrides };
  for (const field of contactFields) await page.getByLabel(contactFieldLabels[field], { exact: true }).fill(message[field]);
}
