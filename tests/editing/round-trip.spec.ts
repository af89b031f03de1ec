import { copyFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { z } from 'astro/zod';
import { withoutEmptyGroups } from '../../src/lib/content/loader.ts';
import { collectionFolders, fileSchemas, type CollectionName } from '../../src/lib/content/schemas.ts';
import { siteFactsSchema } from '../../src/lib/site/config.ts';
import { runAstro } from '../support/project-copy.ts';
import { blockOtherOrigins, copyPath, editProjectRoot, entriesOf, entryFile, openInAdmin, saveInAdmin, withoutField } from './support.ts';

// Every existing entry of every collection, opened in the admin and saved: its file must still
// parse to the same values, every page must read the same, word for word, and the save must change
// only the line of the field that was edited, so that a reviewer reads an editor's change and
// nothing else. Saving an untouched form writes nothing, so each entry's order goes up by one
// (every entry's, so the lists keep their order), and each fixed page's title and the company's
// tagline are changed and changed back, which must give the file back byte for byte.
//
// A content file written by hand in another form (other quoting, line folding, a default left out)
// fails here. UPDATE_CONTENT_FORM=1 npm run test:editing rewrites every such file in this project
// as the editor writes it (each entry saved, then saved back), to be committed.

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

const schemas = fileSchemas();

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
};

/** Every page of the site, from the content: the fixed pages, and one per service and product. */
function sitePaths(): string[] {
  const fixed = ['/', '/AboutUs/', '/Contact/', '/OurServices/', '/OurProducts/', '/OurProjects/', '/Clients/'];
  return [...fixed, ...['services', 'products'].flatMap((folder) => entriesOf(folder).map((entry) => `/${entry.id}/`))];
}

async function pageTexts(page: Page): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const path of sitePaths()) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    texts[path] = await page.locator('body').innerText();
  }
  return texts;
}

const values = (schema: z.ZodType, data: object) => schema.parse(withoutEmptyGroups(data as Record<string, unknown>));

test('the admin lists every collection and fixed page that this test saves', async ({ page }) => {
  await page.goto('/keystatic');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const links = await page.getByRole('navigation').getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  const listed = (kind: string) => links.filter((href) => href.startsWith(`/keystatic/${kind}/`)).map((href) => href.split('/')[3]).sort();
  expect(listed('collection')).toEqual([...collections].sort());
  expect(listed('singleton')).toEqual([...Object.keys(fixedPages), 'siteSettings'].sort());
});

test('opening and saving every entry keeps its values, every page’s text, and a passing build', async ({ page }) => {
  test.setTimeout(15 * 60_000);
  const textsBefore = await pageTexts(page);

  for (const name of collections) {
    const [folder, schema]: [string, z.ZodType] = [collectionFolders[name], schemas[name]];
    for (const entry of entriesOf<{ order?: number }>(folder)) {
      const path = entryFile(folder, entry.id);
      const original = readFileSync(copyPath(path), 'utf8');
      const before = values(schema, entry.data) as { order: number };
      await openInAdmin(page, name, entry.id);
      const order = page.getByRole('textbox', { name: 'Order', exact: true });
      await order.fill(String(before.order + 1));
      await saveInAdmin(page);
      const after = entriesOf<object>(folder).find((saved) => saved.id === entry.id);
      expect(after, path).toBeDefined();
      expect(values(schema, after!.data), path).toEqual({ ...before, order: before.order + 1 });
      if (rewriting) {
        await order.fill(String(before.order));
        await saveInAdmin(page);
        keepEditorsForm(path);
      } else {
        expect(readFileSync(copyPath(path), 'utf8'), notInEditorsForm(path)).toBe(original.replace(/^order: .*$/m, `order: ${before.order + 1}`));
      }
    }
  }

  /** Changes a text field and saves, then changes it back and saves: the file must be as it was. */
  const changeAndChangeBack = async (path: string, field: Locator, key: string, value: string) => {
    const original = readFileSync(copyPath(path), 'utf8');
    await expect(field).toHaveValue(value);
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

  for (const [name, id] of Object.entries(fixedPages)) {
    const path = entryFile('pages', id);
    const before = entriesOf<{ title: string }>('pages').find((entry) => entry.id === id)!;
    await openInAdmin(page, name);
    // The page's own title comes first; sections below have titles of their own.
    await changeAndChangeBack(path, page.getByRole('textbox', { name: 'Title', exact: true }).first(), 'title', before.data.title);
    const after = entriesOf<object>('pages').find((entry) => entry.id === id)!;
    expect(values(schemas.pages, after.data), path).toEqual(values(schemas.pages, before.data));
  }

  const settingsPath = 'src/content/site/settings.json';
  const settingsBefore = siteFactsSchema.parse(JSON.parse(readFileSync(copyPath(settingsPath), 'utf8')));
  await openInAdmin(page, 'siteSettings');
  await changeAndChangeBack(settingsPath, page.getByRole('textbox', { name: 'Tagline', exact: true }), 'tagline', settingsBefore.tagline);
  expect(siteFactsSchema.parse(JSON.parse(readFileSync(copyPath(settingsPath), 'utf8'))), settingsPath).toEqual(settingsBefore);

  await expect(async () => expect(await pageTexts(page)).toEqual(textsBefore)).toPass();
  const build = runAstro(editProjectRoot, 'build');
  expect(build.code, build.output.slice(-3000)).toBe(0);
});
