import { expect, test } from '@playwright/test';
import { homePage } from '../../src/lib/pages/fixed-pages.ts';
import { content } from '../support/site-content.ts';
import { viewports } from './support.ts';

const homeServices = homePage(content).services;

const expectedColumns = [
  ['phone', viewports.phone, 1],
  ['tablet', viewports.tablet, 2],
  ['desktop', viewports.desktop, 3],
] as const;

for (const [name, viewport, columns] of expectedColumns) {
  test(`the card grid shows ${columns} column(s) on a ${name} (${viewport.width}px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const cards = page.locator('section[aria-labelledby="what-we-do"] .card');
    await expect(cards).toHaveCount(homeServices.length);
    const lefts = await cards.evaluateAll((all) => all.map((card) => Math.round(card.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(Math.min(columns, homeServices.length));
    // Every card in a row has the same width, and the grid never overflows the page.
    const widths = await cards.evaluateAll((all) => all.map((card) => Math.round(card.getBoundingClientRect().width)));
    expect(new Set(widths).size).toBe(1);
  });
}

for (const width of [320, 390, 800, 1280]) {
  test(`no horizontal scrolling at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/', '/no-such-page/']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBe(0);
    }
  });
}

for (const width of [320, 390]) {
  test(`the footer's link groups stand two by two at ${width}px, each link whole`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const groups = page.locator('footer nav');
    const boxes = await groups.evaluateAll((all) =>
      all.map((group) => {
        const { left, right, top } = group.getBoundingClientRect();
        const links = [...group.querySelectorAll('a')].map((link) => link.getBoundingClientRect());
        return { left: Math.round(left), right, top: Math.round(top), linksInside: links.every((link) => link.left >= left - 1 && link.right <= right + 1) };
      }),
    );
    expect(boxes.length).toBeGreaterThan(1);
    // Two columns: two different left edges, and the first two groups side by side on one row.
    expect(new Set(boxes.map((box) => box.left)).size).toBe(2);
    expect(boxes[1]!.top).toBe(boxes[0]!.top);
    for (const box of boxes) {
      expect(box.right).toBeLessThanOrEqual(width);
      expect(box.linksInside).toBe(true);
    }
  });
}

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

test.describe('the 404 page', () => {
  test('answers any unknown path with status 404, the site frame, a clear message and a link home', async ({ page }) => {
    for (const path of ['/no-such-page/', '/deeply/nested/missing', '/typo.html']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator('h1')).toHaveText('Page not found');
      await expect(page.locator('header.site-header')).toBeVisible();
      await expect(page.locator('footer.site-footer')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
      await expect(page.locator('nav[aria-label="Breadcrumb"] [aria-current="page"]')).toHaveText('Page not found');
    }
  });

  test('has a breadcrumb from Home', async ({ page }) => {
    await page.goto('/missing/');
    const breadcrumb = page.locator('nav[aria-label="Breadcrumb"]');
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });
});
