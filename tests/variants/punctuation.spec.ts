import { expect, test } from '@playwright/test';
import { punctuation } from '../support/content-variants.ts';

// Runs only on the copy with every content variant (npm run test:variants), whose pages the page
// tests check from its content; here, what only these variants say.

test('everyday punctuation in a page’s text shows as written', async ({ page }) => {
  await page.goto(`/${/services\/(\w+)\.md$/.exec(punctuation.path)![1]}/`);
  await expect(page.locator('.prose')).toContainText(punctuation.sentence);
});
