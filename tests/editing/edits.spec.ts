import { existsSync, globSync, readdirSync, readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { blockOffSite, copyPath, entryFile, goInAdmin, idsIn, openInAdmin, pictureShown, saveInAdmin, screenshotForDocs } from './support.ts';

// The everyday edits of docs/EDITING.md, done in the browser editor (local mode) on a copy of the
// project, read back from the files it wrote and from the preview, built from the files as the build does.

test.beforeEach(({ context }, testInfo) => blockOffSite(context, testInfo));
test.skip(process.env.UPDATE_CONTENT_FORM === '1', 'UPDATE_CONTENT_FORM=1 only rewrites this project’s content into the editor’s form (round-trip.spec.ts)');

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
/** A new picture of that size, chosen in the file dialog that a click on `opener` brings up. */
async function uploadPicture(opener: Locator, path: string, width: number, height: number): Promise<void> {
  await sharp({ create: { width, height, channels: 3, background: '#2f6f73' } }).png().toFile(path);
  const chooser = opener.page().waitForEvent('filechooser');
  await opener.click();
  await (await chooser).setFiles(path);
}

test('changing a service’s subtitle writes the file, and the page shows the new subtitle', async ({ page }, testInfo) => {
  const service = idsIn('services')[0]!;
  const subtitle = 'Edited in the browser: a subtitle that no service of the site has.';
  // The page in the preview, open beside the admin as an editor would have it.
  const preview = await page.context().newPage();
  await preview.goto(`/${service}/`);
  const title = await preview.locator('h1').innerText();
  await expect(preview.locator('.hero__subtitle')).not.toHaveText(subtitle);

  await openInAdmin(page, 'services', service);
  let adminReloads = 0;
  page.on('load', () => adminReloads++);
  await textbox(page, 'Subtitle').fill(subtitle);
  await screenshotForDocs(page, testInfo, 'edit-a-service.png');
  // That the save changed the file nowhere else, round-trip.spec.ts checks for an entry of every list.
  await saveInAdmin(page);
  await expect(preview.locator('.hero__subtitle'), 'the preview reloads by itself').toHaveText(subtitle);
  await expect(preview.locator('h1')).toHaveText(title);
  expect(adminReloads, 'the admin keeps its state: it is not reloaded under the editor').toBe(0);
});

test('a team member in the editor: added with an uploaded photo, shown with it on the About page; their form in plain words, a save confirmed; deleted with their photo', async ({ page }, testInfo) => {
  const name = 'Noor Haddad';
  const about = await page.context().newPage();
  await about.goto('/AboutUs/');
  const before = await about.locator('.people--team h3').allTextContents();
  expect(before).toHaveLength(idsIn('team').length);
  expect(before).not.toContain(name);

  await page.goto('/keystatic/collection/team/create');
  for (const [field, value] of [['Name', name], ['Role', 'Data Engineer']] as const) await textbox(page, field).fill(value);
  await uploadPicture(page.getByRole('button', { name: 'Choose file' }), testInfo.outputPath('noor-haddad.png'), 480, 480);
  await textbox(page, 'Alt text').fill('Noor Haddad smiling, in front of a green wall');
  await screenshotForDocs(page, testInfo, 'add-a-team-member.png');
  await saveInAdmin(page, 'Create');

  // Named after the person, the photo kept beside the others.
  const file = copyPath('src/content/team/noor-haddad.md');
  expect(readFileSync(file, 'utf8')).toContain(`name: ${name}`);
  expect(globSync(copyPath('src/assets/team/noor-haddad/**/*.png'))).toHaveLength(1);

  // The dev server writes its content store after the save and reloads open pages when it does, at
  // times no test chooses: a page may be made before it knows the photo, or be reloaded under the
  // test. So each try is a fresh page (a load cut short by such a reload is tried again), and its
  // state is the photo itself, arrived and decoded.
  const photo = about.locator('.people--team .person', { has: about.getByRole('heading', { name }) }).locator('img.portrait');
  await expect(async () => {
    await about.goto('/AboutUs/', { timeout: 10_000 });
    expect((await about.locator('.people--team h3').allTextContents()).sort(), 'everyone listed before, and the new member').toEqual([...before, name].sort());
    await expect(photo).toHaveAttribute('alt', /Noor Haddad/, { timeout: 1_000 });
    expect(await pictureShown(photo)).toBeGreaterThan(0);
  }).toPass();

  // Their form in the editor's words (no file path), and a save of it confirmed.
  await openInAdmin(page, 'team', 'noor-haddad');
  await expect(page.getByText('Shown on the About page. Saved as "noor-haddad"')).toBeVisible();
  expect(await page.locator('body').innerText()).not.toMatch(/src\/|\.mdx?\b|\bslug\b/i);
  await textbox(page, 'Role').fill('Data Engineer, part time');
  await saveInAdmin(page);
  await expect(page.getByText('Saved. The preview shows it now')).toBeVisible();

  for (const name of ['Delete entry…', 'Yes, delete']) await page.getByRole('button', { name }).click();
  await expect.poll(() => [file, ...globSync(copyPath('src/assets/team/noor-haddad/**/*.png'))].filter(existsSync), 'the file and the photo are removed').toEqual([]);
});

test('changing the company’s e-mail address in “Company details” changes it on the pages', async ({ page }) => {
  const link = 'a[href="mailto:hello@example.com"]';
  await page.goto('/Contact/');
  await expect(page.locator(link)).toHaveCount(0);
  await openInAdmin(page, 'siteSettings');
  await textbox(page, 'E-mail').fill('hello@example.com');
  await saveInAdmin(page);
  await expect(async () => {
    await page.goto('/Contact/');
    await expect(page.locator('main').locator(link)).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.locator('footer').locator(link)).toBeVisible();
});

test('a refused save names the fields: an existing entry’s address is fixed; a new one’s is made from its title, only a wrong field is flagged, nothing is written', async ({ page }, testInfo) => {
  const service = idsIn('services')[0]!;
  const filesBefore = readdirSync(copyPath('src/content/services'));
  await openInAdmin(page, 'services', service);
  await expect(page.getByText(`Web address: /${service}/ (fixed`)).toBeVisible();
  const address = page.getByRole('textbox', { name: 'Web address' });
  await expect(address).toHaveCount(0);
  await goInAdmin(page, '/keystatic/collection/services/create');
  const title = textbox(page, 'Title');
  const create = page.getByRole('button', { name: 'Create' });
  // Create with nothing typed: the title is said to be needed; its address, made from it, is not flagged.
  await create.click();
  await expect(page.getByText('Title is needed.')).toBeVisible();
  await expect(address).not.toHaveAttribute('aria-invalid', 'true');
  // A service's title has at least three characters (src/lib/content/schemas.ts).
  await title.fill('CM');
  await expect(page.getByText('Title needs at least 3 characters.')).toBeVisible();
  await title.fill('Cloud Migration');
  await expect(address).toHaveValue('cloud-migration');
  await expect(title).not.toHaveAttribute('aria-invalid', 'true');
  await create.click();
  for (const message of [/^Subtitle must /, /^Icon is required/]) await expect(page.getByText(message).first()).toBeVisible();
  await screenshotForDocs(page, testInfo, 'a-required-field.png');
  await address.fill(service);
  await create.click();
  await expect(page.getByText(`Another entry already has the web address "${service}"`)).toBeVisible();
  expect(readdirSync(copyPath('src/content/services')), 'nothing was written').toEqual(filesBefore);
});

test('writing an article: dated today, a picture in its text stored beside it, and its page built from the file', async ({ page }, testInfo) => {
  const title = 'Five questions to ask before you buy a till';
  const slug = 'five-questions-to-ask-before-you-buy-a-till';
  const [author, service] = [idsIn('team')[0]!, idsIn('services')[0]!];
  await page.goto('/keystatic/collection/insights/create');
  const summary = 'What to ask a point-of-sale seller about payments, support and your data, before you sign anything.';
  for (const [field, value] of [['Title', title], ['Summary', summary]] as const) await textbox(page, field).fill(value);
  // The date picker starts at today, and its help says what a future date does.
  await expect(page.getByText('A date in the future publishes it that morning, Sydney time')).toBeVisible();
  // The author and the service chosen by the names in their files, not the files' names.
  const frontMatter = (folder: string, id: string) => load(readFileSync(copyPath(entryFile(folder, id)), 'utf8').split('---')[1]!) as Record<string, string>;
  await page.getByRole('radiogroup', { name: 'Author' }).getByRole('radio', { name: frontMatter('team', author).name }).check();
  await page.getByRole('group', { name: 'Services' }).getByRole('checkbox', { name: frontMatter('services', service).title }).check();
  // The text, with a picture inserted from the toolbar, its alt text written in its own dialog.
  const text = page.getByRole('textbox', { name: 'Article' });
  await text.click();
  await page.keyboard.type('Ask who holds your customers’ card data, and for how long.');
  await page.keyboard.press('Enter');
  await uploadPicture(page.getByRole('group', { name: 'Blocks' }).getByRole('button', { name: 'Image' }), testInfo.outputPath('till-receipt.png'), 800, 450);
  await text.locator('img[data-filename="till-receipt.png"]').click();
  // The picture's pop-over: its first button opens the picture's details.
  await page.getByRole('dialog').getByRole('button').first().click();
  const details = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Alt text' }) });
  await details.getByRole('textbox', { name: 'Alt text' }).fill('A till receipt beside a card terminal');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details).toBeHidden();
  await screenshotForDocs(page, testInfo, 'write-an-article.png');
  await saveInAdmin(page, 'Create');

  // The file, named after the title and dated today, and the picture beside the article's others.
  const file = readFileSync(copyPath(`src/content/insights/${slug}.mdx`), 'utf8');
  const alt = `![A till receipt beside a card terminal](../../assets/insights/${slug}/till-receipt.png)`;
  for (const part of [`\npublishDate: ${new Date().toISOString().slice(0, 10)}\n`, `author: ${author}`, `services:\n  - ${service}\n`, alt]) expect(file).toContain(part);
  expect(existsSync(copyPath(`src/assets/insights/${slug}/till-receipt.png`))).toBe(true);

  // The editor's list says when each article is published, and which are drafts.
  await goInAdmin(page, '/keystatic/collection/insights');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(String(new Date().getFullYear()));
  await expect(row.getByText('No', { exact: true })).toBeVisible();
  for (const column of ['Slug', 'Publish date', 'Draft']) await expect(page.getByRole('columnheader', { name: column })).toBeVisible();

  // The preview builds its page from the file as the build does: the picture optimised and shown
  // (each try a fresh page, as for the team member's photo).
  const shown = page.locator('.article__text img');
  await expect(async () => {
    await page.goto(`/Insights/${slug}/`);
    await expect(page.locator('h1')).toHaveText(title, { timeout: 1_000 });
    await expect(shown).toHaveAttribute('src', /^\/_image\?href=.*till-receipt/, { timeout: 1_000 });
    expect(await pictureShown(shown)).toBeGreaterThan(0);
  }).toPass();
});
