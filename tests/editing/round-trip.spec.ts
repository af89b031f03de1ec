import { copyFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { collectionFolders, type CollectionName } from '../../src/lib/content/schemas.ts';
import { blockOtherOrigins, copyPath, entryFile, idsIn, openInAdmin, saveInAdmin, withoutField } from './support.ts';

// Entries of every collection, opened in the admin and saved: the save must change only the line
// of the field that was edited, so that a reviewer reads an editor's change and nothing else.
// Saving an untouched form writes nothing, so each entry's order goes up by one, and each fixed
// page's title and the company's tagline are changed and changed back, which must give the file
// back byte for byte. The first and the last entry of each collection are saved (each collection's
// entries share one form, so these show its shapes); UPDATE_CONTENT_FORM=1 goes through every entry.
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

/** With UPDATE_CONTENT_FORM=1: the copy's file, as the editor wrote it, into this project. */
function keepEditorsForm(path: string): void {
  if (rewriting) copyFileSync(copyPath(path), join(thisProject, path));
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

test('the admin lists every collection and fixed page that this test saves', async ({ page }) => {
  await page.goto('/keystatic');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const links = await page.getByRole('navigation').getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  const listed = (kind: string) => links.filter((href) => href.startsWith(`/keystatic/${kind}/`)).map((href) => href.split('/')[3]).sort();
  expect(listed('collection')).toEqual([...collections].sort());
  expect(listed('singleton')).toEqual([...Object.keys(fixedPages), 'siteSettings'].sort());
});

test('opening and saving an entry changes only the field edited', async ({ page }) => {
  test.setTimeout(5 * 60_000);
  await page.goto('/keystatic');

  /** Changes a text field and saves, then changes it back and saves: the file must be as it was. */
  const changeAndChangeBack = async (path: string, field: Locator, key: string) => {
    const original = readFileSync(copyPath(path), 'utf8');
    const value = await field.inputValue();
    await field.fill(`${value}!`);
    await saveInAdmin(page);
    const changed = readFileSync(copyPath(path), 'utf8');
    await field.fill(value);
    await saveInAdmin(page);
    keepEditorsForm(path);
    if (!rewriting) {
      expect(withoutField(changed, key), notInEditorsForm(path)).toBe(withoutField(original, key));
      expect(readFileSync(copyPath(path), 'utf8'), notInEditorsForm(path)).toBe(original);
    }
  };

  for (const name of collections) {
    const folder = collectionFolders[name];
    const ids = idsIn(folder);
    for (const id of rewriting ? ids : [...new Set([ids[0]!, ids.at(-1)!])]) {
      const path = entryFile(folder, id);
      const original = readFileSync(copyPath(path), 'utf8');
      await openInAdmin(page, name, id);
      // Articles have no order (the newest comes first): their title is changed and changed back.
      if (!/^order: /m.test(original)) {
        await changeAndChangeBack(path, page.getByRole('textbox', { name: 'Title', exact: true }), 'title');
        continue;
      }
      const order = page.getByRole('textbox', { name: 'Order', exact: true });
      const before = Number(await order.inputValue());
      await order.fill(String(before + 1));
      await saveInAdmin(page);
      if (rewriting) {
        await order.fill(String(before));
        await saveInAdmin(page);
        keepEditorsForm(path);
      } else {
        expect(readFileSync(copyPath(path), 'utf8'), notInEditorsForm(path)).toBe(original.replace(/^order: .*$/m, `order: ${before + 1}`));
      }
    }
  }

  for (const [name, id] of Object.entries(fixedPages)) {
    await openInAdmin(page, name);
    // The page's own title comes first; sections below have titles of their own.
    await changeAndChangeBack(entryFile('pages', id), page.getByRole('textbox', { name: 'Title', exact: true }).first(), 'title');
  }
  await openInAdmin(page, 'siteSettings');
  await changeAndChangeBack('src/content/site/settings.json', page.getByRole('textbox', { name: 'Tagline', exact: true }), 'tagline');
});
