import { expect, test, type Page } from '@playwright/test';
import { entries } from '../support/site.ts';
import { longCaseStudy as longest, newService } from '../support/content-variants.ts';
import { cardGridProblems, expectMenuInHeader, viewports } from './support.ts';

const services = entries('services');
const widths = [['desktop', viewports.desktop], ['tablet', viewports.tablet], ['phone', viewports.phone]] as const;
const narrowest = { width: 320, height: 800 };
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

// What the home page says is checked on its visit in every-page.spec.ts, as are every page's grids
// and width at 390 and 1280 px; here, its layout at other widths, and what a visitor does there.
test('the home page: skip link first, the brand’s typeface from the site itself for every word, balanced grids of cards and logos at 800px, width at 800 and 320px, footer and logos two by two, 44px targets; a link from far down opens the next page at its top', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  await page.setViewportSize(viewports.desktop);
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // One font file, from the site's own files, for headings and text alike.
  await page.waitForLoadState('networkidle');
  expect(fonts).toEqual([expect.stringMatching(/^\/_astro\/fonts\/\w+\.woff2$/)]);
  expect(await page.evaluate(async () => (await document.fonts.ready, [...document.fonts].filter((face) => face.status === 'loaded' && !face.family.endsWith('fallback')).map((face) => face.family)))).toEqual([expect.stringMatching(/^Manrope-\w+$/)]);
  await expect(page.locator('h1')).toHaveCSS('font-family', /^Manrope-\w+, /);
  await expect(page.locator('body')).toHaveCSS('font-family', /^Manrope-\w+, /);

  await page.setViewportSize(viewports.phone);
  const small = await page.locator('a:visible, button:visible').evaluateAll((elements) =>
    elements
      .filter((element) => !element.closest('.skip-link, .visually-hidden'))
      .map((element) => ({ text: element.textContent?.trim(), height: element.getBoundingClientRect().height }))
      .filter(({ height }) => height < 44),
  );
  expect(small, 'links and buttons at least 44px tall, easy to tap').toEqual([]);
  await page.setViewportSize(viewports.tablet);
  expect(await overflow(page)).toBe(0);
  expect(await page.locator('.card-grid').count()).toBeGreaterThan(0);
  expect(await cardGridProblems(page, '.card-grid, .client-logos')).toEqual([]);

  await page.setViewportSize(narrowest);
  expect(await overflow(page)).toBe(0);
  const logos = page.locator('section[aria-labelledby="our-clients"] .client-logos li');
  await expect(logos).toHaveCount(entries('clients').length);
  const rows = await logos.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  expect(new Set(rows).size, 'two logos to a row').toBe(Math.ceil(rows.length / 2));
  // The footer's link groups stand two by two, each link whole, with space between one link and the
  // next, so that a name wrapped onto two lines never touches the next.
  const groups = await page.locator('footer nav').evaluateAll((all) =>
    all.map((group) => {
      const { left, right, top } = group.getBoundingClientRect();
      const links = [...group.querySelectorAll('a')].map((link) => link.getBoundingClientRect());
      const gaps = links.slice(1).map((link, index) => link.top - links[index]!.bottom);
      return { left: Math.round(left), right, top: Math.round(top), linksInside: links.every((link) => link.left >= left - 1 && link.right <= right + 1), closestGap: Math.min(...gaps) };
    }),
  );
  expect(groups.length).toBeGreaterThan(1);
  expect(new Set(groups.map((group) => group.left)).size).toBe(2);
  expect(groups[1]!.top).toBe(groups[0]!.top);
  for (const group of groups) expect([group.right <= narrowest.width, group.linksInside, group.closestGap >= 4], JSON.stringify(group)).toEqual([true, true, true]);

  const footer = page.locator('footer');
  await footer.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await footer.getByRole('link', { name: 'Home', exact: true }).click();
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await footer.scrollIntoViewIfNeeded();
  await footer.getByRole('link', { name: 'Services', exact: true }).click();
  await expect(page).toHaveURL(/\/OurServices\/$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('without JavaScript, the menu’s links are in the header at every width', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  for (const [name, viewport] of widths) {
    await page.setViewportSize(viewport);
    await expectMenuInHeader(page, name);
  }
  await context.close();
});

// At phone and laptop widths every page's grids are checked on its visit in every-page.spec.ts; the
// tablet width, two cards a row, only here (the home page's above).
test(`every card grid on a listing, a service and a product page is balanced, no card alone in a row, at ${viewports.tablet.width}px`, async ({ page }) => {
  await page.setViewportSize(viewports.tablet);
  for (const path of ['/OurServices/', '/OurProducts/', '/OurProjects/', `/${services[0]!.id}/`, `/${entries('products')[0]!.id}/`]) {
    await page.goto(path);
    expect(await page.locator('.card-grid').count(), path).toBeGreaterThan(0);
    expect(await cardGridProblems(page), path).toEqual([]);
  }
});

test('on a phone: the contact form comes first, right after the page’s title, a breadcrumb keeps to one line with no separator left alone, and the 404 page never scrolls sideways', async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  await page.goto('/Contact/');
  await expect(page.locator('#contact-form-title')).toBeInViewport();
  const [form, details] = await Promise.all(['.contact__form', '.contact__list'].map((selector) => page.locator(selector).boundingBox()));
  expect(form!.y, 'the form above the address, the hours and the next steps').toBeLessThan(details!.y);

  // The longest trail of the site: a case study's, with the longest title, on the narrowest phone.
  await page.setViewportSize(narrowest);
  await page.goto(`/OurProjects/${longest.id}/`);
  // One line, within the screen: the page's own name gives way with an ellipsis, so no separator
  // is left at a line's end; each ends the crumb before it, and none opens a crumb.
  const crumbs = await page.locator('.breadcrumb li').evaluateAll((items) =>
    items.map((item) => ({ top: Math.round(item.getBoundingClientRect().top), right: item.getBoundingClientRect().right, before: getComputedStyle(item, '::before').content, after: getComputedStyle(item, '::after').content })),
  );
  expect(new Set(crumbs.map((crumb) => crumb.top)).size).toBe(1);
  expect(crumbs.at(-1)!.right).toBeLessThanOrEqual(narrowest.width);
  expect(await page.locator('.breadcrumb [aria-current="page"]').evaluate((name) => [name.textContent, name.scrollWidth > name.clientWidth, getComputedStyle(name).textOverflow])).toEqual([longest.title, true, 'ellipsis']);
  expect(crumbs.map((crumb) => crumb.after.includes('/'))).toEqual(crumbs.map((_, index) => index < crumbs.length - 1));
  expect(crumbs.filter((crumb) => crumb.before.includes('/'))).toEqual([]);

  // (Every page is checked at 390 and 1280 px on its visit in every-page.spec.ts.)
  await page.goto('/no-such-page/');
  expect(await overflow(page), '320px').toBe(0);
  await page.setViewportSize({ width: 800, height: 800 });
  expect(await overflow(page), '800px').toBe(0);
});

test('on a phone, a row of cards to swipe has a marker for each card, the one in view marked, for eyes and screen readers', async ({ page, context }) => {
  await page.setViewportSize(viewports.phone);
  // The first product with features to swipe through; content without one leaves nothing to check.
  const product = entries<{ features: unknown[] }>('products').find((entry) => entry.data.features.length > 1);
  test.skip(!product, 'No product has two features or more to swipe through.');
  await page.goto(`/${product!.id}/`);
  // The markers are CSS scroll markers, which the browser draws and names itself: read as a screen
  // reader hears them, the features row's group of tabs (placed after the row, in its parent), one
  // per card, the selected one in view.
  const cdp = await context.newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument');
  const row = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '.features:has(> .card-grid), .features :has(> .card-grid)' });
  const { node: rowParent } = await cdp.send('DOM.describeNode', { nodeId: row.nodeId });
  const rowMarkers = async () => {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const parent = nodes.find((node) => node.backendDOMNodeId === rowParent.backendNodeId);
    const group = nodes.find((node) => node.role?.value === 'tablist' && node.parentId === parent?.nodeId);
    const tabs = nodes.filter((node) => group?.childIds?.includes(node.nodeId) && node.role?.value === 'tab');
    return tabs.map((tab) => `${tab.name?.value}${tab.properties?.some((property) => property.name === 'selected' && property.value.value) ? ' (in view)' : ''}`);
  };
  const count = product!.data.features.length;
  const markers = (current: number) => Array.from({ length: count }, (_, index) => `${index + 1}${index + 1 === current ? ' (in view)' : ''}`);
  // Sections are drawn as they come near the screen (content-visibility), so the visitor scrolls to the row first.
  await page.locator('.features .card-grid').scrollIntoViewIfNeeded();
  await expect.poll(rowMarkers).toEqual(markers(1));
  await page.locator('.features .card-grid').evaluate((row) => row.scrollTo({ left: row.scrollWidth, behavior: 'instant' }));
  await expect.poll(rowMarkers).toEqual(markers(count));
});

// A first visit on a phone over slow 4G, nothing cached: the fallback matched to the face's metrics
// draws the words at once, and the face takes its place when it arrives, moving nothing a person
// would notice; the heading and a paragraph are then drawn in the face itself.
test('a first visit on a slow phone: the brand’s face drawn in the heading and the text, its swap moving nothing', async ({ browser }) => {
  const context = await browser.newContext({ viewport: viewports.phone });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await page.addInitScript(() => {
    const total = Object.assign(window, { layoutShift: 0 });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/${newService.id}/`);
  await page.waitForFunction(() => [...document.fonts].some((face) => face.status === 'loaded'));
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  for (const selector of ['h1', '.prose p']) {
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    expect(fonts.map((font) => [font.familyName, font.isCustomFont]), selector).toEqual([[expect.stringMatching(/^Manrope/), true]]);
  }
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThanOrEqual(0.005);
  await context.close();
});
