import { copyFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectionFolders, type CollectionName } from '../../src/lib/content/schemas.ts';
import { blockOtherOrigins, copyPath, entryFile, idsIn, openInAdmin, saveInAdmin, withoutField } from './support.ts';

// Entries of every collection, opened in the admin and saved: the save must change only the line
// of the field that was edited, so that a reviewer reads an editor's change and nothing else.
// This runs first (playwright.config.ts), on the copy as this project has it. Saving an untouched
// form writes nothing, so each entry's order goes up by one (an article's title, each fixed page's
// title and the company's tagline get a "!"). The first entry of each collection is saved (a
// collection's entries share one form); UPDATE_CONTENT_FORM=1 goes through every entry.
//
// A content file written by hand in another form (other quoting, line folding, a default left out)
// fails here when it is one of those saved. UPDATE_CONTENT_FORM=1 npm run test:editing rewrites
// every such file in this project as the editor writes it (each entry saved, then saved back), to
// be committed: run it after writing content files by hand.

const rewriting = process.env.UPDATE_CONTENT_FORM === '1';
const thisProject = resolve(import.meta.dirname, '../..');

/** What to do when a file is not in the editor's form: say so, and how to mend it. */
const notInEditorsForm = (path: string) =>
  `${path} is not in the form the browser editor writes, so an editor's first save would change more than they edited. Run UPDATE_CONTENT_FORM=1 npm run test:editing and commit the rewritten files.`;

/**
 * Changes one field of the open form and saves: only that field's line of the file may change.
 * With UPDATE_CONTENT_FORM=1 it is changed back and saved again, and the file, as the editor wrote
 * it, is copied into this project.
 */
async function saveChanged(page: Page, path: string, field: Locator, key: string, change: (value: string) => string): Promise<void> {
  const original = readFileSync(copyPath(path), 'utf8');
  const value = await field.inputValue();
  await field.fill(change(value));
  await saveInAdmin(page);
  if (rewriting) {
    await field.fill(value);
    await saveInAdmin(page);
    copyFileSync(copyPath(path), join(thisProject, path));
  } else {
    expect(withoutField(readFileSync(copyPath(path), 'utf8'), key), notInEditorsForm(path)).toBe(withoutField(original, key));
  }
}

test.beforeEach(({ context }, testInfo) => blockOtherOrigins(context, testInfo));

/** The admin's collections: every collection but the fixed pages, which it shows one by one. */
const collections = (Object.keys(collectionFolders) as CollectionName[]).filter((name) => name !== 'pages');

/** The admin's singletons: the fixed pages' hero texts, src/content/pages/<id>.md. */
const fixedPages: Record<string, string> = {
  homePage: 'home',
  aboutPage: 'about',
  contactPage: 'contact',
  servicesPage: 'services',
  productsPage: 'products',
  projectsPage: 'projects',
  clientsPage: 'clients',
  insightsPage: 'insights',
};

test('on a fresh start of npm run edit, the first list names every service (its time is printed); the admin lists every collection and fixed page; saving an entry of each changes only the field edited', async ({ page }, testInfo) => {
  test.setTimeout(5 * 60_000);
  await page.goto('/OurServices/');
  const titles = await page.locator('main .card h2').allInnerTexts();
  expect(titles).toHaveLength(idsIn('services').length);
  // The first visit to the admin: Vite has pre-bundled the editor's code, nothing more.
  const started = performance.now();
  await page.goto('/keystatic/collection/services');
  for (const title of titles) await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  testInfo.annotations.push({ type: 'first list', description: `${seconds} s` });
  console.log(`The editor's first list (${titles.length} services) showed ${seconds} s after opening it (docs/PERFORMANCE.md has the budget).`);

  await expect(page.getByRole('navigation').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const links = await page.getByRole('navigation').getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  const listed = (kind: string) => links.filter((href) => href.startsWith(`/keystatic/${kind}/`)).map((href) => href.split('/')[3]).sort();
  expect(listed('collection')).toEqual([...collections].sort());
  expect(listed('singleton')).toEqual([...Object.keys(fixedPages), 'siteSettings'].sort());

  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  const exclaimed = (value: string) => `${value}!`;
  for (const name of collections) {
    const ids = idsIn(collectionFolders[name]);
    for (const id of rewriting ? ids : ids.slice(0, 1)) {
      const path = entryFile(collectionFolders[name], id);
      await openInAdmin(page, name, id);
      // Articles have no order (the newest comes first): their title is changed.
      if (/^order: /m.test(readFileSync(copyPath(path), 'utf8'))) await saveChanged(page, path, page.getByRole('textbox', { name: 'Order', exact: true }), 'order', (value) => String(Number(value) + 1));
      else await saveChanged(page, path, title, 'title', exclaimed);
    }
  }
  for (const [name, id] of Object.entries(fixedPages)) {
    await openInAdmin(page, name);
    // The page's own title comes first; sections below have titles of their own.
    await saveChanged(page, entryFile('pages', id), title.first(), 'title', exclaimed);
  }
  await openInAdmin(page, 'siteSettings');
  await saveChanged(page, 'src/content/site/settings.json', page.getByRole('textbox', { name: 'Tagline', exact: true }), 'tagline', exclaimed);
});
