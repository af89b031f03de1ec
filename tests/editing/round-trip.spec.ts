import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { z } from 'astro/zod';
import { withoutEmptyGroups } from '../../src/lib/content/loader.ts';
import { collectionFolders, fileSchemas, type CollectionName } from '../../src/lib/content/schemas.ts';
import { siteFactsSchema } from '../../src/lib/site/config.ts';
import { runAstro } from '../support/project-copy.ts';
import { blockOtherOrigins, copyPath, editProjectRoot, entriesOf, openInAdmin, saveInAdmin } from './support.ts';

// Every existing entry of every collection, opened in the admin and saved: its file must still
// parse to the same values, and every page must read the same, word for word. Saving an untouched
// form writes nothing, so each entry's order goes up by one (every entry's, so the lists keep their
// order) and each fixed page's title is changed and changed back.

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
      const before = values(schema, entry.data) as { order: number };
      await openInAdmin(page, name, entry.id);
      await page.getByRole('textbox', { name: 'Order', exact: true }).fill(String(before.order + 1));
      await saveInAdmin(page);
      const after = entriesOf<object>(folder).find((saved) => saved.id === entry.id);
      expect(after, `${folder}/${entry.id}`).toBeDefined();
      expect(values(schema, after!.data), `${folder}/${entry.id}`).toEqual({ ...before, order: before.order + 1 });
    }
  }

  for (const [name, id] of Object.entries(fixedPages)) {
    const before = entriesOf<{ title: string }>('pages').find((entry) => entry.id === id)!;
    await openInAdmin(page, name);
    // The page's own title comes first; sections below have titles of their own.
    const title = page.getByRole('textbox', { name: 'Title', exact: true }).first();
    await expect(title).toHaveValue(before.data.title);
    await title.fill(`${before.data.title}!`);
    await saveInAdmin(page);
    await title.fill(before.data.title);
    await saveInAdmin(page);
    const after = entriesOf<object>('pages').find((entry) => entry.id === id)!;
    expect(values(schemas.pages, after.data), `pages/${id}`).toEqual(values(schemas.pages, before.data));
  }

  const settingsFile = copyPath('src/content/site/settings.json');
  const settingsBefore = siteFactsSchema.parse(JSON.parse(readFileSync(settingsFile, 'utf8')));
  await openInAdmin(page, 'siteSettings');
  const tagline = page.getByRole('textbox', { name: 'Tagline', exact: true });
  await expect(tagline).toHaveValue(settingsBefore.tagline);
  await tagline.fill(`${settingsBefore.tagline}!`);
  await saveInAdmin(page);
  await tagline.fill(settingsBefore.tagline);
  await saveInAdmin(page);
  expect(siteFactsSchema.parse(JSON.parse(readFileSync(settingsFile, 'utf8'))), 'src/content/site/settings.json').toEqual(settingsBefore);

  await expect(async () => expect(await pageTexts(page)).toEqual(textsBefore)).toPass();
  const build = runAstro(editProjectRoot, 'build');
  expect(build.code, build.output.slice(-3000)).toBe(0);
});
