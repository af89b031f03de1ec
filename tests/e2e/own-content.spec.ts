import { expect, test } from '@playwright/test';
import { articleVariants, cardOnlyProject, newService, punctuation } from '../support/content-variants.ts';
import { entries, paths } from '../support/site.ts';
import { searchFor } from './support.ts';

// What only the tests' own content shows (tests/support/content-variants.ts), on the copy built at
// 6 am in Sydney on 26 November 2026 (SITE_NOW): the article dated that day is published, the
// draft and the next day's article are nowhere; the page tests check every published page.

const { publishedToday, draft, tomorrow } = articleVariants;

test('on the morning of its day an article is published; a draft and tomorrow’s article are on no page, in no list and not in the feed', async ({ request }) => {
  expect(paths).toEqual(expect.arrayContaining([`/Insights/${publishedToday.id}/`, `/Insights/service/${newService.id}/`]));
  const listing = await (await request.get('/Insights/')).text();
  const feed = await (await request.get('/Insights/rss.xml')).text();
  // The newest first: today's article leads the listing and the feed.
  expect(/<h2 class="card__title[^"]*">([^<]+)</.exec(listing)?.[1]).toBe(publishedToday.title);
  expect(/<item><title>([^<]+)</.exec(feed)?.[1]).toBe(publishedToday.title);
  for (const { id } of [draft, tomorrow]) {
    expect(paths).not.toContain(`/Insights/${id}/`);
    expect((await request.get(`/Insights/${id}/`, { maxRedirects: 0 })).status(), id).toBe(404);
    expect(listing).not.toContain(id);
    expect(feed).not.toContain(id);
  }
  // Its service's page lists it too.
  expect(await (await request.get(`/${newService.id}/`)).text()).toContain(`href="/Insights/${publishedToday.id}/"`);
});

test('a picture in an article’s text, as the editor stores it, is optimised by the build and shown; punctuation in a page’s text shows as written; search finds a project with no case study on its card, on whichever page of the Projects page it is, and never a draft or tomorrow’s article', async ({ page }) => {
  await page.goto(`/Insights/${publishedToday.id}/`);
  const picture = page.locator('.article__text img');
  await expect(picture).toHaveAttribute('alt', /^A bar chart of a month.s cloud costs$/);
  await expect(picture).toHaveAttribute('src', /^\/_astro\/cloud-bill\.[\w-]+\.webp$/);
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await page.goto(`/${newService.id}/`);
  await expect(page.locator('.prose')).toContainText(punctuation);

  await page.goto('/Search/');
  for (const { title, id } of [draft, tomorrow]) expect((await searchFor(page, title)).map((result) => result.href), title).not.toContain(`/Insights/${id}/`);
  const last = entries<{ title: string }>('projects').at(-1)!;
  for (const { title, id } of [cardOnlyProject, { title: last.data.title, id: last.id }]) {
    await searchFor(page, title);
    const result = page.locator('[data-search-results] li').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await expect(result.locator('.search__kind'), title).toHaveText('Project');
    await expect(result.getByRole('link'), title).toHaveAttribute('href', new RegExp(`^/OurProjects/(\\d+/)?#${id}$`));
    await result.getByRole('link').click();
    await expect(page.locator(`#${id} .card__title`)).toBeInViewport();
    await page.goBack();
  }
});
