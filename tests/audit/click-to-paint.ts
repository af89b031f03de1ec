import { chromium, type Page } from '@playwright/test';

export interface ClickToPaint {
  /** Median milliseconds from the click to the next page's first contentful paint, pointer resting on the link first. */
  hoveredMs: number;
  /** The same for a link clicked at once, with nothing fetched ahead. */
  coldMs: number;
  /** How the hovered pages arrived: prerendered or from a speculative prefetch. */
  deliveries: string[];
  links: number;
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

/** Clicks the link to `path` on the page shown, and returns the ms from the click to the new page's first contentful paint. */
async function clickAndTimePaint(page: Page, path: string): Promise<{ ms: number; delivery: string }> {
  const clickedAt = await page.evaluate(() => performance.timeOrigin + performance.now());
  await page.locator(`main a[href="${path}"]`).first().click({ noWaitAfter: true });
  await page.waitForURL((url) => url.pathname === path);
  const paint = await page.evaluate(
    () =>
      new Promise<{ paintedAt: number; delivery: string }>((resolve) => {
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (!entry) return;
          observer.disconnect();
          const [navigation] = performance.getEntriesByType('navigation') as (PerformanceNavigationTiming & { activationStart?: number; deliveryType?: string })[];
          const activationStart = navigation?.activationStart ?? 0;
          // A prerendered page painted before it was shown: for the visitor it appears at activation.
          resolve({
            paintedAt: performance.timeOrigin + Math.max(entry.startTime, activationStart),
            delivery: activationStart > 0 ? 'prerender' : navigation?.deliveryType || 'network',
          });
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  return { ms: paint.paintedAt - clickedAt, delivery: paint.delivery };
}

/**
 * What the speculation rules buy: for each same-site link in the home page's main content, the time
 * from a click to the next page's first paint, once with the pointer resting on the link until the
 * browser has fetched it ahead, and once clicked straight away. Desktop Chromium, no throttling,
 * against the built site on this machine.
 */
export async function measureClickToPaint(siteUrl: string, paths: string[], executablePath: string): Promise<ClickToPaint> {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  const hovered: number[] = [];
  const cold: number[] = [];
  const deliveries: string[] = [];
  try {
    for (const path of paths) {
      for (const pointFirst of [false, true]) {
        // A fresh context each time: nothing cached from the run before.
        const context = await browser.newContext({ baseURL: siteUrl, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
        const page = await context.newPage();
        await page.goto('/');
        if (pointFirst) {
          const link = page.locator(`main a[href="${path}"]`).first();
          // Chromium ignored a hover that came right after the scroll bringing the link into view,
          // while the page still loaded what the scroll revealed (the closing invitation's link,
          // below the home page's pictures), and then fetched nothing ahead. So the page settles first.
          await link.scrollIntoViewIfNeeded();
          await page.waitForLoadState('networkidle');
          const fetchedAhead = context.waitForEvent('requestfinished', (request) => new URL(request.url()).pathname === path);
          await link.hover();
          await fetchedAhead;
        }
        const { ms, delivery } = await clickAndTimePaint(page, path);
        (pointFirst ? hovered : cold).push(ms);
        if (pointFirst) deliveries.push(delivery);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return { hoveredMs: Math.round(median(hovered)), coldMs: Math.round(median(cold)), deliveries: [...new Set(deliveries)], links: paths.length };
}
