import { expect, test } from '@playwright/test';

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
