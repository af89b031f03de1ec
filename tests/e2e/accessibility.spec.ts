import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { pages, viewports } from './support';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

for (const path of [...pages.map(([path]) => path), '/no-such-page/', '/MessageSent/']) {
  for (const [name, viewport] of [
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const) {
    test(`${path} has no WCAG 2.2 A/AA violations on a ${name}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
      expect(results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) }))).toEqual([]);
      expect(results.passes.length).toBeGreaterThan(10);

      // And with the menu open: the panel itself must pass too.
      await page.locator('.menu__toggle:visible').click();
      await expect(page.locator('.menu__toggle:visible')).toHaveAttribute('aria-expanded', 'true');
      const open = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
      expect(open.violations.map(({ id }) => id)).toEqual([]);
      await context.close();
    });
  }
}
