import type { Browser } from '@playwright/test';
import { median } from './lighthouse.ts';

/**
 * What the speculation rules buy: for the links to `paths` in the home page's main content, the median
 * time from a click to the next page's first paint, with the pointer resting on the link until it is
 * fetched ahead (and how that page came), and clicked straight away. Desktop Chromium, no throttling.
 */
export async function measureClickToPaint(browser: Browser, siteUrl: string, paths: string[]) {
  const [hovered, cold]: [number[], number[]] = [[], []];
  const deliveries = new Set<string>();
  for (const path of paths) {
    for (const pointFirst of [false, true]) {
      // A fresh context each time: nothing cached from the run before.
      const context = await browser.newContext({ baseURL: siteUrl, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto('/');
      const link = page.locator(`main a[href="${path}"]`).first();
      if (pointFirst) {
        // Chromium ignores a hover that comes while the page still loads what scrolling to the link
        // revealed, and then fetches nothing ahead: the page settles first.
        await link.scrollIntoViewIfNeeded();
        await page.waitForLoadState('networkidle');
        const fetchedAhead = context.waitForEvent('requestfinished', (request) => new URL(request.url()).pathname === path);
        await link.hover();
        await fetchedAhead;
      }
      const clickedAt = await page.evaluate(() => performance.timeOrigin + performance.now());
      await link.click({ noWaitAfter: true });
      await page.waitForURL((url) => url.pathname === path);
      const painted = await page.waitForFunction(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const [navigation] = performance.getEntriesByType('navigation') as (PerformanceNavigationTiming & { activationStart?: number; deliveryType?: string })[];
        const activationStart = navigation?.activationStart ?? 0;
        // A prerendered page painted before it was shown: for the visitor it appears at activation.
        return paint && { at: performance.timeOrigin + Math.max(paint.startTime, activationStart), delivery: activationStart > 0 ? 'prerender' : navigation?.deliveryType || 'network' };
      });
      const { at, delivery } = (await painted.jsonValue())!;
      (pointFirst ? hovered : cold).push(at - clickedAt);
      if (pointFirst) deliveries.add(delivery);
      await context.close();
    }
  }
  return { hoveredMs: Math.round(median(hovered)), coldMs: Math.round(median(cold)), deliveries: [...deliveries], links: paths.length };
}
