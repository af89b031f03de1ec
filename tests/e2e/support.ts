import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { contactFieldLabels, contactFields, type ContactField } from '../../src/lib/contact/schema.ts';
import { messageSentPage, notFoundPage } from '../../src/lib/pages/fixed-pages.ts';
import type { PageData } from '../../src/lib/pages/frame.ts';
import { site } from '../../src/site.config.ts';
import { validMessage } from '../support/fixtures.ts';
import { content, sitePagesData } from '../support/site-content.ts';

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

/** Every page a search engine should find, with the data the build made it from (src/lib/pages/). */
export const pages: PageData[] = sitePagesData;

/** Each of those pages' addresses. */
export const paths = pages.map((page) => page.head.path);

/** One of the site's pages by kind (the first, for kinds with several). */
export function pageOfKind(kind: PageData['kind']): PageData {
  const page = pages.find((candidate) => candidate.kind === kind);
  if (!page) throw new Error(`The site has no page of kind "${kind}".`);
  return page;
}

/** The pages that are not in the sitemap but every visitor may see: an unknown address's 404 page, and the form's thank-you page. */
export const framePages: { path: string; status: number; data: PageData }[] = [
  { path: '/no-such-page/', status: 404, data: notFoundPage(content) },
  { path: '/MessageSent/', status: 200, data: messageSentPage(content) },
];

/**
 * The time limit of a test that visits every page in turn: it grows with the content (each case
 * study is one more page), so that an editor's new project cannot turn CI red on a busy machine.
 */
export function timeToVisitEveryPage(perPage = 3_000): number {
  return 30_000 + pages.length * perPage;
}

/**
 * Whether an unknown address below this page ends on the 404 page rather than leading to it
 * (README, "How the pages behave"): when pages live below it (the Projects page, above its case
 * studies), or when the pages beside it have numbered pages (a service's projects, when any
 * service's run over several), the few shared patterns of _redirects cannot tell such an address
 * from a page.
 */
export function hasPagesBelow(path: string): boolean {
  if (path === '/') return false;
  if (paths.some((other) => other !== path && other.startsWith(path))) return true;
  const parent = path.replace(/[^/]+\/$/, '');
  return parent !== '/' && paths.some((other) => other.startsWith(parent) && /^[^/]+\/\d+\/$/.test(other.slice(parent.length)));
}

/** Fills the contact form with the shared valid message, labels found as a visitor finds them. */
export async function fillContactForm(page: Page, overrides: Partial<Record<ContactField, string>> = {}): Promise<void> {
  const message = { ...validMessage, ...overrides };
  for (const field of contactFields) await page.getByLabel(contactFieldLabels[field], { exact: true }).fill(message[field]);
}

/**
 * A visitor sends the form at `origin` (over HTTPS, its local certificate accepted), with or
 * without JavaScript, and sees it arrive; resolves with the unique subject to find it by.
 */
export async function sendFormInBrowser(browser: Browser, origin: string, { javaScript }: { javaScript: boolean }): Promise<string> {
  const context = await browser.newContext({ baseURL: origin, ignoreHTTPSErrors: true, javaScriptEnabled: javaScript });
  try {
    const page = await context.newPage();
    const subject = `Sent ${javaScript ? 'with' : 'without'} JavaScript ${randomUUID()}`;
    await page.goto('/Contact/');
    // With JavaScript, the island marks the form as enhanced once it has hydrated.
    if (javaScript) await expect(page.locator('form.contact-form')).toHaveAttribute('novalidate', '');
    await fillContactForm(page, { subject });
    await page.getByRole('button', { name: 'Send message' }).click();
    if (javaScript) await expect(page.getByRole('status')).toHaveText(/Thank you: your message has arrived/);
    else await expect(page).toHaveURL(`${origin}/MessageSent/`);
    return subject;
  } finally {
    await context.close();
  }
}

/**
 * Records, on every page the context opens, the page's background as soon as its <body> exists.
 * The browser cannot paint the page before then, and the scripts in <head> have all run by then:
 * a scheme applied any later (on DOMContentLoaded, on load) shows here as the wrong colour.
 */
export async function recordFirstPaintBackground(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      observer.disconnect();
      (window as unknown as { firstPaintBackground: string }).firstPaintBackground = getComputedStyle(document.body).backgroundColor;
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/**
 * Every card grid on the page that leaves a hole: a row before the last that is not full, or a
 * last row that is not centred. Empty when every grid looks finished at this width.
 */
export function cardGridProblems(page: Page): Promise<string[]> {
  return page.locator('.card-grid').evaluateAll((grids) =>
    grids.flatMap((grid, index) => {
      const box = grid.getBoundingClientRect();
      const rows = new Map<number, DOMRect[]>();
      for (const item of grid.children) {
        const rect = item.getBoundingClientRect();
        rows.set(Math.round(rect.top), [...(rows.get(Math.round(rect.top)) ?? []), rect]);
      }
      const lines = [...rows.values()];
      if (lines.length === 0) return [];
      const perRow = lines.map((line) => line.length);
      // A row to swipe through on a phone: every card in it, the next one peeking in, snapping
      // into place, and reachable from the keyboard.
      if (getComputedStyle(grid).gridAutoFlow.startsWith('column')) {
        const [, second] = lines[0]!;
        const swipes = lines.length === 1 && getComputedStyle(grid).scrollSnapType.startsWith('x') && (grid as HTMLElement).tabIndex === 0;
        const peeks = !second || (second.left < box.right && grid.scrollWidth > grid.clientWidth);
        return swipes && peeks ? [] : [`grid ${index + 1}: a swiped row of ${perRow.join(', ')} that ${swipes ? 'shows no next card' : 'does not snap or take the keyboard'}`];
      }
      const last = lines.at(-1)!;
      const offCentre = Math.abs(last[0]!.left - box.left - (box.right - last.at(-1)!.right));
      const full = perRow.slice(0, -1).every((count) => count === Math.max(...perRow));
      return full && offCentre <= 2 ? [] : [`grid ${index + 1}: rows of ${perRow.join(', ')}, last row ${Math.round(offCentre)} px off centre`];
    }),
  );
}

/**
 * How the dark scheme shows where a navy band begins, and how client logos are drawn: the top edges
 * of the closing band and the footer, and each logo's file, filter and tile.
 */
export function bandEdgeAndLogos(page: Page): Promise<{ bandEdges: string[]; logos: { src: string; filter: string; tile: string }[] }> {
  return page.evaluate(() => {
    const bands = [...document.querySelectorAll('footer.site-footer, .section:has(> .container > .cta)')];
    return {
      bandEdges: bands.map((band) => getComputedStyle(band).borderTopColor),
      logos: [...document.querySelectorAll<HTMLImageElement>('img.client-logo')].map((logo) => ({
        src: logo.getAttribute('src')!,
        filter: getComputedStyle(logo).filter,
        tile: getComputedStyle(logo.parentElement!).backgroundColor,
      })),
    };
  });
}
