import { expect, test } from '@playwright/test';
import { hasPagesBelow, pageOfKind, paths } from './support.ts';

// The site's addresses: every page answers for its whole sub-tree with one canonical address, as the
// old site's routes did, and the sitemap lists exactly those addresses. What each page says is
// checked on its one visit in tests/e2e/every-page.spec.ts.

test('every page’s sub-paths and its address without a slash lead to the one canonical page', async ({ request }) => {
  for (const path of paths.slice(1)) {
    const bare = path.slice(0, -1);
    // Below the Projects page live its case studies, so an unknown address there is not the
    // listing's: it is the 404 page (src/lib/publishing/redirects.ts says why).
    const below = hasPagesBelow(path);
    const variants = below ? [bare] : [bare, `${path}anything`, `${path}anything/`, `${path}deeply/nested/page`];
    for (const variant of variants) {
      const first = await request.get(variant, { maxRedirects: 0 });
      expect(first.status(), variant).toBe(301);
      expect(first.headers().location, variant).toBe(path);
    }
    if (below) expect((await request.get(`${path}no-such-project/`, { maxRedirects: 0 })).status()).toBe(404);
  }
});

test('a browser that follows an old link lands on the canonical page', async ({ page }) => {
  const service = pageOfKind('service');
  const response = await page.goto(`${service.head.path}some/old/link`);
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe(service.head.path);
  await expect(page.locator('h1')).toHaveText(service.hero.title);
});

test('the sitemap lists exactly the canonical pages', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(listed.sort()).toEqual([...paths].sort());
});
