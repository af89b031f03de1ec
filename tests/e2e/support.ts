import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { validMessage } from '../support/fixtures.ts';

/** The widths the design is checked at: a phone, a tablet and a laptop. */
export const viewports = {
  phone: { width: 390, height: 844 },
  tablet: { width: 800, height: 1024 },
  desktop: { width: 1280, height: 900 },
} as const;

/**
 * Without JavaScript the menu cannot open: every one of its destinations is in the header instead,
 * Home as the brand mark and Contact as its button, and no Menu button is shown.
 */
export async function expectMenuInHeader(page: Page, message?: string): Promise<void> {
  const header = page.locator('header.site-header');
  for (const [label, href] of mainNavigation) {
    const link = label === 'Home' ? header.locator('.brand').first() : header.getByRole('link', { name: label === 'Contact' ? 'Contact us' : label, exact: true });
    await expect(link, message).toBeVisible();
    await expect(link, message).toHaveAttribute('href', href);
  }
  await expect(page.getByRole('button', { name: 'Menu' }), message).toBeHidden();
}

/** The menu the spec gives every page, in order, and the articles after it: [label, address]. */
export const mainNavigation = [
  ['Home', '/'],
  ['About us', '/AboutUs/'],
  ['Contact', '/Contact/'],
  ['Projects', '/OurProjects/'],
  ['Services', '/OurServices/'],
  ['Products', '/OurProducts/'],
  ['Insights', '/Insights/'],
] as const;

/** The contact form's fields, as a visitor finds them: [label, name]. */
export const contactFields = [
  ['Your name', 'name'],
  ['E-mail address', 'email'],
  ['Phone number', 'phone-number'],
  ['Subject', 'subject'],
  ['Message', 'message'],
] as const;

export function hrefsIn(page: Page, selector: string): Promise<string[]> {
  return page.locator(`${selector} a`).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

/** Fills the contact form with the shared valid message, labels found as a visitor finds them. */
export async function fillContactForm(page: Page, overrides: Partial<Record<keyof typeof validMessage, string>> = {}): Promise<void> {
  const message = { ...validMessage, ...overrides };
  for (const [label, name] of contactFields) await page.getByLabel(label, { exact: true }).fill(message[name]);
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

/** The background recordFirstPaintBackground recorded on the page now loading, once it has. */
export const firstPaintBackground = (page: Page) => page.waitForFunction(() => (window as unknown as { firstPaintBackground?: string }).firstPaintBackground).then((handle) => handle.jsonValue());

export type Scheme = 'light' | 'dark';

/** The page background each scheme paints, as the browser reports it: white, and the dark scheme's night navy. */
export const pageBackground = (scheme: Scheme) => ({ light: 'rgb(255, 255, 255)', dark: 'rgb(10, 25, 47)' })[scheme];

/**
 * Every card grid on the page that leaves a hole: a row before the last that is not full, or a
 * last row that is not centred. Empty when every grid looks finished at this width.
 */
export function cardGridProblems(page: Page, grids = '.card-grid'): Promise<string[]> {
  return page.locator(grids).evaluateAll((grids) =>
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
      // A row to swipe through on a phone: every card in it, the first at the text's edge, the next
      // one peeking in, snapping into place, and reachable from the keyboard.
      if (grid.classList.contains('card-grid--swipe') && getComputedStyle(grid).gridAutoFlow.startsWith('column')) {
        const [first, second] = lines[0]!;
        const textEdge = grid.closest('.container')!.getBoundingClientRect().left;
        const swipes = lines.length === 1 && getComputedStyle(grid).scrollSnapType.startsWith('x') && (grid as HTMLElement).tabIndex === 0;
        const peeks = !second || (second.left < box.right && grid.scrollWidth > grid.clientWidth);
        const aligned = Math.abs(first!.left - textEdge) <= 1;
        return swipes && peeks && aligned
          ? []
          : [`grid ${index + 1}: a swiped row of ${perRow.join(', ')} that ${!swipes ? 'does not snap or take the keyboard' : !peeks ? 'shows no next card' : `starts ${Math.round(first!.left - textEdge)} px from the text's edge`}`];
      }
      // Rows balanced to the number of cards: where a row holds more than one, none holds a card
      // alone (but one as wide as the grid), and each row is centred; a single row starts at the
      // grid's edge, under its heading.
      const alone = Math.max(...perRow) > 1 && lines.some((line) => line.length === 1 && line[0]!.width < box.width - 2);
      const off = Math.max(...lines.map((line) => Math.abs(line[0]!.left - box.left - (lines.length === 1 ? 0 : box.right - line.at(-1)!.right))));
      return !alone && off <= 2 ? [] : [`grid ${index + 1}: rows of ${perRow.join(', ')}${alone ? ', a card alone' : ''}, a row ${Math.round(off)} px off ${lines.length === 1 ? 'the edge' : 'centre'}`];
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

/**
 * How much of its row each section of the page leaves empty beside its content, as a share of the
 * row: from the leftmost to the rightmost of its words (as drawn, line by line), pictures, controls
 * and boxes (anything with a border or a background).
 */
export function emptyWidths(page: Page): Promise<{ section: string; empty: number }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main section:not(main section section)')].map((section) => {
      const row = (section.querySelector(':scope > .container') ?? section).getBoundingClientRect();
      const drawn: DOMRect[] = [];
      for (const element of section.querySelectorAll('*')) {
        const style = getComputedStyle(element);
        if (!element.checkVisibility() || element.closest('.visually-hidden')) continue;
        if (element.matches('img, svg, input, textarea, button') || style.borderLeftWidth !== '0px' || style.borderTopWidth !== '0px' || style.backgroundColor !== 'rgba(0, 0, 0, 0)') drawn.push(element.getBoundingClientRect());
        for (const node of element.childNodes) {
          if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          drawn.push(...range.getClientRects());
        }
      }
      const extent = Math.max(...drawn.map((box) => box.right)) - Math.min(...drawn.map((box) => box.left));
      return { section: section.getAttribute('aria-labelledby') ?? section.getAttribute('aria-label') ?? '', empty: Math.round((1 - extent / row.width) * 100) / 100 };
    }),
  );
}

/** The axe rules of WCAG 2.2, levels A and AA, that every state checked with axe must pass. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** What axe finds against those rules on the page as it is now (within `scope`, if given): each rule broken, with where. */
export async function axeViolations(page: Page, scope?: string) {
  const axe = new AxeBuilder({ page }).withTags(wcagTags);
  const { violations } = await (scope ? axe.include(scope) : axe).analyze();
  return violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) }));
}

/** The search page's results, as a visitor reads them: kind and address. */
export const searchResults = (page: Page) =>
  page.locator('[data-search-results] li').evaluateAll((items) => items.map((item) => ({ kind: item.querySelector('.search__kind')?.textContent, href: item.querySelector('a')?.getAttribute('href') })));

/** Types the words into the search page's field as a visitor would, waits for the count of what was found, and returns the results shown. */
export async function searchFor(page: Page, words: string) {
  await page.getByRole('searchbox', { name: 'Search the site' }).fill(words);
  await expect(page.getByRole('status')).toContainText(`found for “${words}”`);
  return searchResults(page);
}
