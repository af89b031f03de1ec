import { expect, test } from '@playwright/test';
import { mainNavigation, pages, viewports } from './support';

test.use({ javaScriptEnabled: false });

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`without JavaScript on a ${name}`, () => {
    test.use({ viewport });

    test('every main link is visible in the header and leads somewhere real', async ({ page }) => {
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

    test('all text on every page is visible', async ({ page }) => {
      for (const path of [...pages.map(([path]) => path), '/no-such-page/']) {
        await page.goto(path);
        const hidden = await page.locator('main, footer').evaluateAll((roots) => {
          const problems: string[] = [];
          for (const root of roots) {
            const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent?.trim();
              const element = node.parentElement;
              // Skip text hidden on purpose: screen-reader-only text, and the `hidden` spam trap.
              if (!text || !element || element.closest('.visually-hidden, [hidden], script, style, template')) continue;
              for (let current: Element | null = element; current; current = current.parentElement) {
                const style = getComputedStyle(current);
                if (style.opacity === '0' || style.visibility === 'hidden' || style.display === 'none') {
                  problems.push(text);
                  break;
                }
              }
            }
          }
          return problems;
        });
        expect(hidden, path).toEqual([]);
        await expect(page.locator('h1')).toBeVisible();
      }
    });
  });
}
