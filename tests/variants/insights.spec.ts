import { expect, test } from '@playwright/test';
import { articleVariants } from '../support/content-variants.ts';
import { paths } from '../support/site.ts';

// Runs only on the copy with every content variant, built at 6 am in Sydney on 26 November 2026
// (npm run test:variants sets SITE_NOW): the article dated that day is published, and the draft
// and the next day's article are nowhere, while the page tests check every published one.

test('on the morning of its day an article is published; a draft and tomorrow’s article are on no page, in no list and not in the feed', async ({ request }) => {
  const { publishedToday, draft, tomorrow } = articleVariants;
  expect(paths).toContain(`/Insights/${publishedToday}/`);
  const listing = await (await request.get('/Insights/')).text();
  const feed = await (await request.get('/Insights/rss.xml')).text();
  // The newest first: today's article leads the listing and the feed.
  expect(/<h2 class="card__title[^"]*">([^<]+)</.exec(listing)?.[1]).toBe('Your first cloud bill after the move');
  expect(/<item><title>([^<]+)</.exec(feed)?.[1]).toBe('Your first cloud bill after the move');
  for (const id of [draft, tomorrow]) {
    expect(paths).not.toContain(`/Insights/${id}/`);
    expect((await request.get(`/Insights/${id}/`, { maxRedirects: 0 })).status(), id).toBe(404);
    expect(listing).not.toContain(id);
    expect(feed).not.toContain(id);
  }
  // Its services' pages list it too, the new service's among them.
  expect(await (await request.get('/CloudMigration/')).text()).toContain(`href="/Insights/${publishedToday}/"`);
  expect(paths).toContain('/Insights/service/CloudMigration/');
});

test('a picture in an article’s text, as the editor stores it, is optimised by the build and shown', async ({ page }) => {
  await page.goto(`/Insights/${articleVariants.publishedToday}/`);
  const picture = page.locator('.article__text img');
  await expect(picture).toHaveAttribute('alt', /^A bar chart of a month.s cloud costs$/);
  await expect(picture).toHaveAttribute('src', /^\/_astro\/cloud-bill\.[\w-]+\.webp$/);
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
});
