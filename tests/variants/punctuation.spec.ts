import { expect, test } from '@playwright/test';
import { punctuation } from '../support/content-variants.ts';
import { content } from '../support/site-content.ts';

// Runs only on the copy with every content variant (npm run test:variants), whose pages the page
// tests check from its content; here, what only these variants say.

test('everyday punctuation in a page’s text shows as written', async ({ page }) => {
  const service = content.services.find((entry) => punctuation.path.endsWith(`/${entry.id}.md`))!;
  await page.goto(`/${service.id}/`);
  await expect(page.locator('.prose')).toContainText(punctuation.sentence);
});
