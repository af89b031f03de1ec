import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { blockOtherOrigins } from '../support/off-site.ts';
import { editProjectRoot, editorURL } from './playwright.config.ts';

/** The ids of one content folder's entries in the copy under edit, read now: the tests change it. */
export function idsIn(folder: string): string[] {
  return readdirSync(join(editProjectRoot, 'src/content', folder)).filter((name) => /\.mdx?$/.test(name)).map((name) => name.replace(/\.mdx?$/, '')).sort();
}

export const copyPath = (path: string): string => join(editProjectRoot, path);

/** The path in the project of an entry's file (`src/content/<folder>/<id>.md`). */
export function entryFile(folder: string, id: string): string {
  const name = readdirSync(copyPath(`src/content/${folder}`)).find((file) => file.replace(/\.mdx?$/, '') === id);
  if (!name) throw new Error(`No file for ${folder}/${id} in the copy.`);
  return `src/content/${folder}/${name}`;
}

/**
 * A file's text without one top-level front-matter key (or JSON property) and the lines its value
 * runs on to: what must stay byte for byte the same when only that field was edited.
 */
export function withoutField(text: string, key: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`${key}:`) || line.startsWith(`  "${key}":`));
  if (start === -1) return text;
  let end = start + 1;
  // A YAML value folded over more lines goes on, indented, until the next key.
  if (lines[start]!.startsWith(`${key}:`)) while (end < lines.length && /^\s+\S/.test(lines[end]!)) end++;
  return [...lines.slice(0, start), ...lines.slice(end)].join('\n');
}

/** Goes to an address of the admin: when it is open, by its own router, as an editor's clicks do (each load of its development build costs seconds). */
export async function goInAdmin(page: Page, address: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/keystatic')) return void (await page.goto(address));
  await page.evaluate((url) => {
    history.pushState(null, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }, address);
}

/**
 * Opens an entry (or, with no id, a singleton) and waits until its form is ready. An open admin goes
 * to the list (or the dashboard) first: neither has a Save button, so the wait is for this form.
 */
export async function openInAdmin(page: Page, collection: string, id?: string): Promise<void> {
  const save = page.getByRole('button', { name: 'Save' });
  if (new URL(page.url()).pathname.startsWith('/keystatic')) {
    await goInAdmin(page, id === undefined ? '/keystatic' : `/keystatic/collection/${collection}`);
    await expect(save).toBeHidden();
  }
  await goInAdmin(page, id === undefined ? `/keystatic/singleton/${collection}` : `/keystatic/collection/${collection}/item/${id}`);
  await expect(save).toBeVisible();
}

/** Presses Save (or Create) and waits for the file to be written. */
export async function saveInAdmin(page: Page, button: 'Save' | 'Create' = 'Save'): Promise<void> {
  const written = page.waitForResponse((response) => response.url().includes('/api/keystatic/update') && response.request().method() === 'POST', { timeout: 20_000 });
  await page.getByRole('button', { name: button }).click();
  const response = await written.catch(async () => {
    // The admin refused: say which fields it named, rather than only that nothing happened.
    const shown = (await page.locator('body').innerText()).split('\n').filter((line) => /required|must/i.test(line));
    throw new Error(`${button} wrote nothing. The admin shows: ${shown.join(' | ') || '(no message)'}`);
  });
  expect(response.status()).toBe(200);
}

/** A preview picture brought into view (pictures load lazily) and decoded: its width. It throws if the picture is broken or the page replaced. */
export function pictureShown(picture: Locator): Promise<number> {
  return picture.evaluate(async (image: HTMLImageElement) => {
    image.scrollIntoView({ block: 'center' });
    await image.decode();
    return image.naturalWidth;
  });
}

/** A screenshot for docs/EDITING.md: into docs/images/editing/ with UPDATE_DOC_SCREENSHOTS=1, else into the test's output, so a test run leaves the docs alone. */
export async function screenshotForDocs(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const docsFolder = resolve(import.meta.dirname, '../../docs/images/editing');
  await page.screenshot({ path: process.env.UPDATE_DOC_SCREENSHOTS === '1' ? join(docsFolder, name) : testInfo.outputPath(name) });
}

/** Refuses every request that leaves this machine: the admin must work without them (it asks Google Fonts for a font). The hosts it tried are noted on the test. */
export const blockOffSite = (context: BrowserContext, testInfo: TestInfo) => blockOtherOrigins(context, editorURL, testInfo);
