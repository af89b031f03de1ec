import { expect, test } from '@playwright/test';
import { homePage } from '../../src/lib/pages/fixed-pages.ts';
import { content } from '../support/site-content.ts';

// What the home page says is checked on its visit in tests/e2e/every-page.spec.ts; here, what a
// visitor does there and what it loads.

test('the skip link is the first thing a keyboard reaches and jumps to the content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('the favicon is there, and every client logo on the home page loads as it scrolls into view', async ({ page }) => {
  await page.goto('/');
  expect((await page.request.get('/favicon.svg')).status()).toBe(200);
  const logos = page.locator('section[aria-labelledby="our-clients"] img');
  await expect(logos).toHaveCount(homePage(content).clients.length);
  for (const logo of await logos.all()) {
    await logo.scrollIntoViewIfNeeded();
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  }
});

test('no request leaves the site’s own origin', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(`${baseURL}/`) && !request.url().startsWith('data:')) foreign.push(request.url());
  });
  await page.goto('/');
  await page.mouse.wheel(0, 6000);
  await page.getByRole('button', { name: 'Menu' }).first().hover();
  await page.waitForLoadState('networkidle');
  expect(foreign).toEqual([]);
});

test('text uses the system font stack: no font is downloaded, so nothing swaps or shifts', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(fonts).toEqual([]);
  const bodyFont = await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily);
  expect(bodyFont).toMatch(/^system-ui/);
});
