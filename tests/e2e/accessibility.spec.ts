import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { schemes } from '../support/design-tokens.ts';
import { pages, viewports } from './support';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

// Every page, in both colour schemes: contrast is checked against what each scheme paints.
for (const path of [...pages.map(([path]) => path), '/no-such-page/', '/MessageSent/']) {
  for (const [name, viewport, colorScheme] of schemes.flatMap((scheme) =>
    [
      ['phone', viewports.phone, scheme],
      ['desktop', viewports.desktop, scheme],
    ] as const,
  )) {
    test(`${path} has no WCAG 2.2 A/AA violations on a ${name}, ${colorScheme} scheme`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme });
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

// The contact form's states (fields marked invalid, the summary next to the button) in both schemes.
for (const colorScheme of schemes) {
  test(`the contact form with every field marked has no violations, ${colorScheme} scheme`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: viewports.desktop, reducedMotion: 'reduce', colorScheme });
    const page = await context.newPage();
    await page.goto('/Contact/');
    // The island marks the form as enhanced (noValidate) once React has hydrated it; before
    // that, the browser's own checks stop the post and nothing is marked.
    await expect(page.locator('form.contact-form')).toHaveAttribute('novalidate', '');
    await page.locator('.contact-form__submit').click();
    await expect(page.locator('.contact-form [aria-invalid="true"]').first()).toBeVisible();
    await expect(page.locator('.contact-form__status--invalid')).toBeVisible();
    const results = await new AxeBuilder({ page }).include('.contact-form').withTags(wcagTags).analyze();
    expect(results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) }))).toEqual([]);
    expect(results.passes.length).toBeGreaterThan(5);
    await context.close();
  });
}
