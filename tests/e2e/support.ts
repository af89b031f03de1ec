import type { Page } from '@playwright/test';

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
