import { expect, test, type Page } from '@playwright/test';
import { entries } from '../support/site.ts';
import { viewports } from './support.ts';

// Page changes: the next page is fetched ahead when a visitor points at a link (speculation rules),
// and pages cross-fade with the header still (CSS view transitions), unless less motion is asked for.

/** How the page now shown arrived: prerendered (activationStart > 0) or from a speculative prefetch. */
function deliveredBySpeculation(page: Page): Promise<{ activationStart: number; deliveryType: string }> {
  return page.evaluate(() => {
    const [entry] = performance.getEntriesByType('navigation') as (PerformanceNavigationTiming & { activationStart?: number; deliveryType?: string })[];
    return { activationStart: entry?.activationStart ?? 0, deliveryType: entry?.deliveryType ?? '' };
  });
}

/** Records, on every page the context opens, whether it was revealed with a view transition. */
async function recordViewTransitions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.addEventListener('pagereveal', (event) => {
      (window as unknown as { revealedWithTransition: boolean }).revealedWithTransition = Boolean((event as Event & { viewTransition?: unknown }).viewTransition);
    });
  });
}

const target = `/${entries<{ onHome: boolean }>('services').find((service) => service.data.onHome)!.id}/`;

test.describe('with motion', () => {
  test.use({ viewport: viewports.desktop, reducedMotion: 'no-preference' });

  test('a link pointed at is fetched ahead; the click shows that page, at the top, with a cross-fade', async ({ page, context }) => {
    await recordViewTransitions(page);
    await page.goto('/');
    const link = page.locator(`main a[href="${target}"]`).first();
    await link.scrollIntoViewIfNeeded();
    const speculated = context.waitForEvent('request', (request) => new URL(request.url()).pathname === target);
    await link.hover();
    await speculated;
    await link.click();
    await page.waitForURL(`**${target}`);
    await expect(page.locator('h1')).toBeVisible();

    const delivery = await deliveredBySpeculation(page);
    expect(delivery.activationStart > 0 || delivery.deliveryType === 'navigational-prefetch', JSON.stringify(delivery)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { revealedWithTransition?: boolean }).revealedWithTransition)).toBe(true);
  });
});

test.describe('with reduced motion', () => {
  test.use({ viewport: viewports.desktop, reducedMotion: 'reduce' });

  test('pages change without any animation', async ({ page }) => {
    await recordViewTransitions(page);
    await page.goto('/');
    await page.locator(`main a[href="${target}"]`).first().click();
    await page.waitForURL(`**${target}`);
    await expect(page.locator('h1')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { revealedWithTransition?: boolean }).revealedWithTransition)).toBe(false);
  });
});

test('the rules never speculate the contact endpoint, the outcome pages, mail or phone links', async ({ page }) => {
  await page.goto('/Contact/');
  type Rules = { prerender: { where: { and: [{ href_matches: string }, { not: { href_matches: string[] } }] }; eagerness: string }[] };
  const rules = JSON.parse((await page.locator('script[type="speculationrules"]').textContent()) ?? '{}') as Rules;
  const excluded = rules.prerender[0]!.where.and[1].not.href_matches;
  for (const path of ['/api/*', '/MessageSent/*', '/MessageNotSent/*']) expect(excluded).toContain(path);
  // Same-site paths only: mailto: and tel: links, which the Contact page has, cannot match "/*".
  expect(rules.prerender[0]!.where.and[0].href_matches).toBe('/*');
  expect(await page.locator('a[href^="mailto:"]').count()).toBeGreaterThan(0);
  // Only on a visitor's hover or pointer-down, not for every link on load.
  expect(rules.prerender[0]!.eagerness).toBe('moderate');
});
