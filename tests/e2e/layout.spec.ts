import { expect, test } from '@playwright/test';
import { entries } from '../support/site.ts';
import { cardGridProblems, expectMenuInHeader, viewports } from './support.ts';

const services = entries<{ onHome: boolean }>('services');
const homeServices = services.filter((service) => service.data.onHome);

const expectedColumns = [
  ['phone', viewports.phone, 1],
  ['tablet', viewports.tablet, 2],
  ['desktop', viewports.desktop, 3],
] as const;

test('the card grid shows one column on a phone, two on a tablet and three on a laptop; without JavaScript, the menu’s links are in the header at every width', async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto('/');
    for (const [name, viewport, columns] of expectedColumns) {
      await page.setViewportSize(viewport);
      if (javaScriptEnabled) {
        const cards = page.locator('section[aria-labelledby="what-we-do"] .card');
        await expect(cards).toHaveCount(homeServices.length);
        // The first row holds as many cards as there are columns (a last row that is not full is centred: see below).
        const tops = await cards.evaluateAll((all) => all.map((card) => Math.round(card.getBoundingClientRect().top)));
        expect(tops.filter((top) => top === tops[0]).length, name).toBe(Math.min(columns, homeServices.length));
        // Every card in a row has the same width.
        const widths = await cards.evaluateAll((all) => all.map((card) => Math.round(card.getBoundingClientRect().width)));
        expect(new Set(widths).size, name).toBe(1);
      } else {
        await expectMenuInHeader(page, name);
      }
    }
    await context.close();
  }
});

/** A page of each kind with card grids: home, the listings, a service page and a product page. */
const cardGridPages = ['/', '/OurServices/', '/OurProducts/', '/OurProjects/', `/${services[0]!.id}/`, `/${entries('products')[0]!.id}/`];

// At phone and laptop widths every page's grids are checked on its visit in every-page.spec.ts; the
// tablet width, two cards a row, only here.
test(`every card grid is full but for its last row, which is centred, at ${viewports.tablet.width}px`, async ({ page }) => {
  await page.setViewportSize(viewports.tablet);
  for (const path of cardGridPages) {
    await page.goto(path);
    expect(await page.locator('.card-grid').count(), path).toBeGreaterThan(0);
    expect(await cardGridProblems(page), path).toEqual([]);
  }
});

// Every page is checked at 390 and 1280 px on its visit in every-page.spec.ts; here the narrowest phone and a tablet.
test('no horizontal scrolling at 320 or 800 px', async ({ page }) => {
  for (const path of ['/', '/no-such-page/']) {
    await page.goto(path);
    for (const width of [320, 800]) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at ${width}px`).toBe(0);
    }
  }
});

for (const width of [320]) {
  test(`the footer's link groups stand two by two at ${width}px, each link whole`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const groups = page.locator('footer nav');
    const boxes = await groups.evaluateAll((all) =>
      all.map((group) => {
        const { left, right, top } = group.getBoundingClientRect();
        const links = [...group.querySelectorAll('a')].map((link) => link.getBoundingClientRect());
        // The space between one link and the next, so that a name wrapped onto two lines never touches the next.
        const gaps = links.slice(1).map((link, index) => link.top - links[index]!.bottom);
        return { left: Math.round(left), right, top: Math.round(top), linksInside: links.every((link) => link.left >= left - 1 && link.right <= right + 1), closestGap: Math.min(...gaps) };
      }),
    );
    expect(boxes.length).toBeGreaterThan(1);
    // Two columns: two different left edges, and the first two groups side by side on one row.
    expect(new Set(boxes.map((box) => box.left)).size).toBe(2);
    expect(boxes[1]!.top).toBe(boxes[0]!.top);
    for (const box of boxes) {
      expect(box.right).toBeLessThanOrEqual(width);
      expect(box.linksInside).toBe(true);
      expect(box.closestGap).toBeGreaterThanOrEqual(4);
    }
  });
}

test('on a phone: the contact form is one tap from the first screen, a breadcrumb never starts a line with its separator, and client logos stand two to a row', async ({ page }) => {
  const phone = { width: 320, height: 700 };
  await page.setViewportSize({ width: viewports.phone.width, height: viewports.phone.height });
  await page.goto('/Contact/');
  const formTitle = page.locator('#contact-form-title');
  const toForm = page.locator('main a[href="#contact-form-title"]');
  const button = await toForm.boundingBox();
  expect(button!.y + button!.height, 'the link to the form is on the first screen').toBeLessThanOrEqual(viewports.phone.height);
  await expect(toForm).toHaveText(await formTitle.innerText());
  await toForm.click();
  await expect(formTitle).toBeInViewport();
  await expect(page.getByRole('textbox').first()).toBeInViewport();

  // The longest trail of the site: a case study's, with the longest title, on the narrowest phone.
  const longest = entries<{ title: string }>('projects')
    .filter((project) => project.body?.trim())
    .sort((a, b) => b.data.title.length - a.data.title.length)[0]!;
  await page.setViewportSize(phone);
  await page.goto(`/OurProjects/${longest.id}/`);
  const crumbs = await page.locator('.breadcrumb li').evaluateAll((items) => {
    const firstLeft = items[0]!.getBoundingClientRect().left;
    return items.map((item) => ({
      startsLine: Math.abs(item.getBoundingClientRect().left - firstLeft) < 1,
      before: getComputedStyle(item, '::before').content,
      after: getComputedStyle(item, '::after').content,
    }));
  });
  expect(crumbs.filter((crumb) => crumb.startsLine).length, 'the trail wraps at this width').toBeGreaterThan(1);
  // Every separator ends the crumb before it, inside that crumb's box, and none opens a crumb.
  expect(crumbs.map((crumb) => crumb.after.includes('/'))).toEqual(crumbs.map((_, index) => index < crumbs.length - 1));
  expect(crumbs.filter((crumb) => crumb.before.includes('/'))).toEqual([]);

  await page.goto('/');
  const logos = page.locator('.client-logos li');
  await expect(logos).toHaveCount(entries('clients').length);
  const rows = await logos.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  expect(new Set(rows).size, "two logos to a row").toBe(Math.ceil(rows.length / 2));
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
  expect(await rowMarkers()).toEqual(markers(1));
  await page.locator('.features .card-grid').evaluate((row) => row.scrollTo({ left: row.scrollWidth, behavior: 'instant' }));
  await expect.poll(rowMarkers).toEqual(markers(count));
});

test('links and buttons are at least 44px tall, so they are easy to tap', async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  await page.goto('/');
  const small = await page.locator('a:visible, button:visible').evaluateAll((elements) =>
    elements
      .filter((element) => !element.closest('.skip-link, .visually-hidden'))
      .map((element) => ({ text: element.textContent?.trim(), height: element.getBoundingClientRect().height }))
      .filter(({ height }) => height < 44),
  );
  expect(small).toEqual([]);
});

test('following a link from far down the page opens the next page at its top', async ({ page }) => {
  await page.goto('/');
  await page.locator('footer').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await page.locator('footer').getByRole('link', { name: 'Home', exact: true }).click();
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.locator('footer').scrollIntoViewIfNeeded();
  await page.locator('footer').getByRole('link', { name: 'Services', exact: true }).click();
  await expect(page).toHaveURL(/\/OurServices\/$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
