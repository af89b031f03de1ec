import { expect, test, type Page } from '@playwright/test';
import { articleVariants } from '../support/content-variants.ts';

// Runs only on the copy with every content variant (npm run test:variants): site search finds a
// project that has only a card, on its page of the Projects page, and nothing that is not published.

async function resultsFor(page: Page, words: string) {
  await page.goto(`/Search/?q=${encodeURIComponent(words)}`);
  await expect(page.getByRole('status')).toContainText(`for “${words}”`);
  return page.locator('[data-search-results] li').evaluateAll((items) =>
    items.map((item) => ({ kind: item.querySelector('.search__kind')?.textContent, title: item.querySelector('a')?.textContent, href: item.querySelector('a')?.getAttribute('href') })),
  );
}

test('a project with no case study is found on its card, on whichever page of the Projects page it is', async ({ page }) => {
  for (const [title, id] of [
    ['Riverside Dental patient portal', 'riverside-dental'],
    ['Extra project 24', 'extra-project-24'],
  ]) {
    const found = (await resultsFor(page, title!)).find((result) => result.title === title);
    expect(found, title).toMatchObject({ kind: 'Project', href: expect.stringMatching(new RegExp(`^/OurProjects/(\\d+/)?#${id}$`)) });
    await page.locator('[data-search-results]').getByRole('link', { name: title, exact: true }).click();
    await expect(page.locator(`#${id} .card__title`)).toBeInViewport();
  }
});

test('a draft and tomorrow’s article are not found', async ({ page }) => {
  for (const [title, id] of [
    ['A draft that is not finished yet', articleVariants.draft],
    ['An article that goes live tomorrow', articleVariants.tomorrow],
  ]) {
    expect((await resultsFor(page, title!)).map((result) => result.href)).not.toContain(`/Insights/${id}/`);
  }
});
