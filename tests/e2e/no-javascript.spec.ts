import { expect, test } from '@playwright/test';
import { mainNavigation, viewports } from './support';

// Without JavaScript, at every width the design is checked at, the menu's links are in the header.
// That every word of every page shows without JavaScript is checked on each page's dark-scheme
// visit in tests/e2e/every-page.spec.ts.
test.use({ javaScriptEnabled: false });

for (const [name, viewport] of Object.entries(viewports)) {
  test(`without JavaScript on a ${name}, every main link is visible in the header and leads somewhere real`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const nav = page.locator('header.site-header nav[aria-label^="Main"]:visible');
    await expect(nav).toHaveCount(1);
    for (const [label, href] of mainNavigation) {
      const link = nav.getByRole('link', { name: label, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', href);
    }
    // A toggle that cannot work without JavaScript is not shown.
    await expect(page.locator('.menu__toggle:visible')).toHaveCount(0);
  });
}
