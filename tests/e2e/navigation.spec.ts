import { expect, test } from '@playwright/test';
import { entries } from '../support/site.ts';
import { viewports } from './support.ts';

// Page changes: the next page is fetched ahead when a visitor points at a link (speculation rules),
// and pages cross-fade with the header still (CSS view transitions), unless less motion is asked for.

test.use({ viewport: viewports.desktop, reducedMotion: 'no-preference' });

test('a link pointed at is fetched ahead, never the contact endpoint, outcome pages, mail or phone; the click shows that page, at the top, with a cross-fade; with less motion, without', async ({ page, context }) => {
  await page.addInitScript(() => {
    window.addEventListener('pagereveal', (event) => {
      (window as unknown as { revealedWithTransition: boolean }).revealedWithTransition = Boolean((event as Event & { viewTransition?: unknown }).viewTransition);
    });
  });
  const revealedWithTransition = () => page.evaluate(() => (window as unknown as { revealedWithTransition?: boolean }).revealedWithTransition);
  // The rules are a file that every answer names in its Speculation-Rules header, served as the browser accepts them.
  const rulesFile = await page.request.get(JSON.parse((await page.goto('/'))!.headers()['speculation-rules']!));
  expect(rulesFile.headers()['content-type']).toBe('application/speculationrules+json');
  type Rules = { prerender: { where: { and: [{ href_matches: string }, { not: { href_matches: string[] } }] }; eagerness: string }[] };
  const [rule] = ((await rulesFile.json()) as Rules).prerender;
  for (const path of ['/api/*', '/MessageSent/*', '/MessageNotSent/*']) expect(rule!.where.and[1].not.href_matches).toContain(path);
  // Same-site paths only: mailto: and tel: links cannot match "/*".
  expect(rule!.where.and[0].href_matches).toBe('/*');
  // Only on a visitor's hover or pointer-down, not for every link on load.
  expect(rule!.eagerness).toBe('moderate');

  const target = `/${entries<{ onHome: boolean }>('services').find((service) => service.data.onHome)!.id}/`;
  const link = page.locator(`main a[href="${target}"]`).first();
  await link.scrollIntoViewIfNeeded();
  const speculated = context.waitForEvent('request', (request) => new URL(request.url()).pathname === target);
  await link.hover();
  await speculated;
  await link.click();
  await page.waitForURL(`**${target}`);
  await expect(page.locator('h1')).toBeVisible();
  // Shown prerendered (activationStart > 0) or from the speculative prefetch.
  const delivery = await page.evaluate(() => {
    const [entry] = performance.getEntriesByType('navigation') as (PerformanceNavigationTiming & { activationStart?: number; deliveryType?: string })[];
    return { activationStart: entry?.activationStart ?? 0, deliveryType: entry?.deliveryType ?? '' };
  });
  expect(delivery.activationStart > 0 || delivery.deliveryType === 'navigational-prefetch', JSON.stringify(delivery)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  expect(await revealedWithTransition()).toBe(true);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.locator('main a[href="/"]').first().click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.locator('h1')).toBeVisible();
  expect(await revealedWithTransition()).toBe(false);
});
