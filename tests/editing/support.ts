import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { editProjectRoot, editorURL } from './playwright.config.ts';

/** The ids of one content folder's entries in the copy under edit (`team`, `product-variants`, …), read now: the tests change it. */
export function idsIn(folder: string): string[] {
  return readdirSync(join(editProjectRoot, 'src/content', folder))
    .filter((name) => /\.mdx?$/.test(name))
    .map((name) => name.replace(/\.mdx?$/, ''))
    .sort();
}

/** A file of the copy, by its path in the project. */
export function copyPath(path: string): string {
  return join(editProjectRoot, path);
}

/** The path in the project of an entry's file (`src/content/team/tom-nakamura.md`). */
export function entryFile(folder: string, id: string): string {
  const dir = join(editProjectRoot, 'src/content', folder);
  const name = readdirSync(dir).find((file) => file.replace(/\.mdx?$/, '') === id);
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

/**
 * Goes to an address of the admin. When the admin is open, as an editor's clicks do: by its own
 * router, without loading it again (each load of its development build costs seconds).
 */
export async function goInAdmin(page: Page, address: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/keystatic')) return void (await page.goto(address));
  await page.evaluate((url) => {
    history.pushState(null, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }, address);
}

/**
 * Opens an entry (or, with no id, a singleton) in the admin and waits until its form is ready. An
 * open admin goes to the list of entries (or the dashboard) first: neither has a Save button, so the
 * wait is for this form and not the last one.
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

/** Presses the admin's button (Save, or Create for a new entry) and waits for the file to be written. */
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

/**
 * A picture of the preview brought into view (pictures load lazily) and decoded, in one step on one
 * page: its width once it has arrived. It throws if the picture is broken or the page is replaced.
 */
export function pictureShown(picture: Locator): Promise<number> {
  return picture.evaluate(async (image: HTMLImageElement) => {
    image.scrollIntoView({ block: 'center' });
    await image.decode();
    return image.naturalWidth;
  });
}

/**
 * Saves a screenshot for docs/EDITING.md. With UPDATE_DOC_SCREENSHOTS=1 it replaces the one in
 * docs/images/editing/; otherwise it goes to the test's output, so a test run leaves the docs alone.
 */
export async function screenshotForDocs(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const docsFolder = resolve(import.meta.dirname, '../../docs/images/editing');
  const path = process.env.UPDATE_DOC_SCREENSHOTS === '1' ? join(docsFolder, name) : testInfo.outputPath(name);
  if (!existsSync(docsFolder)) mkdirSync(docsFolder, { recursive: true });
  await page.screenshot({ path });
}

/**
 * Refuses every request that leaves this machine, as a locked-down office network might: the
 * admin must work without them (it asks Google Fonts for a font, and falls back to the system's).
 * The hosts it tried are noted on the test.
 */
export async function blockOtherOrigins(context: BrowserContext, testInfo: TestInfo): Promise<void> {
  const local = new URL(editorURL).origin;
  await context.route(
    (url) => url.origin !== local,
    (route) => {
      testInfo.annotations.push({ type: 'blocked', description: new URL(route.request().url()).host });
      return route.abort('blockedbyclient');
    },
  );
}
