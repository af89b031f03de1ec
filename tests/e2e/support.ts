import type { Page } from '@playwright/test';
import { contactFieldLabels, contactFields, type ContactField } from '../../src/lib/contact/schema.ts';
import { brandedName } from '../../src/lib/site/config.ts';
import { site } from '../../src/site.config.ts';
import { validMessage } from '../support/fixtures.ts';
import { caseStudies, fixedPageTitle, products, projectsByServiceTitle, services, servicesWithProjects } from '../support/site-content.ts';

/** The widths the design is checked at: a phone, a tablet and a laptop. */
export const viewports = {
  phone: { width: 390, height: 844 },
  tablet: { width: 800, height: 1024 },
  desktop: { width: 1280, height: 900 },
} as const;

/** The main navigation every menu must offer, in order, as [label, href]. */
export const mainNavigation = site.navigation.map((link) => [link.label, link.href] as const);

/** The hrefs of the links inside `selector`, in document order. */
export function hrefsIn(page: Page, selector: string): Promise<string[]> {
  return page.locator(`${selector} a`).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

/** The fixed pages, by their file in src/content/pages/, and where each is served. */
export const fixedPagePaths = {
  home: '/',
  about: '/AboutUs/',
  contact: '/Contact/',
  projects: '/OurProjects/',
  services: '/OurServices/',
  products: '/OurProducts/',
  clients: '/Clients/',
} as const;
const fixedPage = (id: keyof typeof fixedPagePaths) => [fixedPagePaths[id], fixedPageTitle(id)] as const;

/** Every page of the site with its heading, from the content (home first): [path, heading]. */
export const pages: (readonly [path: string, heading: string])[] = [
  ...(['home', 'about', 'contact', 'projects', 'services', 'products'] as const).map(fixedPage),
  ...services.map((service) => [`/${service.id}/`, service.data.title] as const),
  ...products.map((product) => [`/${product.id}/`, brandedName(site, product.data.name)] as const),
  fixedPage('clients'),
  ...caseStudies.map((project) => [`/OurProjects/${project.id}/`, project.data.title] as const),
  ...servicesWithProjects.map((service) => [`/OurProjects/service/${service.id}/`, projectsByServiceTitle(service)] as const),
];

/**
 * The time limit of a test that visits every page in turn: it grows with the content (each case
 * study is one more page), so that an editor's new project cannot turn CI red on a busy machine.
 */
export function timeToVisitEveryPage(perPage = 3_000): number {
  return 30_000 + pages.length * perPage;
}

/** Whether other pages live below this one (the Projects page, above its case studies). */
export function hasPagesBelow(path: string): boolean {
  return pages.some(([other]) => other !== path && other.startsWith(path) && path !== '/');
}

/** The pages below the home page: each has a breadcrumb and answers for its whole sub-tree. */
export const innerPages = pages.slice(1);

/** Fills the contact form with the shared valid message, labels found as a visitor finds them. */
export async function fillContactForm(page: Page, overrides: Partial<Record<ContactField, string>> = {}): Promise<void> {
  const message = { ...validMessage, ...overrides };
  for (const field of contactFields) await page.getByLabel(contactFieldLabels[field], { exact: true }).fill(message[field]);
}
