import { existsSync, globSync, readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { blockOtherOrigins, copyPath, entryFile, goInAdmin, idsIn, openInAdmin, pictureShown, saveInAdmin, screenshotForDocs, withoutField } from './support.ts';

// The three everyday edits of docs/EDITING.md, done in the browser editor (local mode) on a copy of
// the project, then read back from the files it wrote and from the live preview's pages, which the
// dev server builds from the files as the build does.

test.beforeEach(({ context }, testInfo) => blockOtherOrigins(context, testInfo));
// UPDATE_CONTENT_FORM=1 rewrites this project's content into the editor's form (round-trip.spec.ts), nothing more.
test.skip(process.env.UPDATE_CONTENT_FORM === '1', 'UPDATE_CONTENT_FORM=1: only the round trip runs');

test('changing a service’s subtitle writes the file, and the page shows the new subtitle', async ({ page }, testInfo) => {
  const service = { id: idsIn('services')[0]! };
  const subtitle = 'Edited in the browser: a subtitle that no service of the site has.';

  // The page in the preview, open beside the admin as an editor would have it.
  const preview = await page.context().newPage();
  await preview.goto(`/${service.id}/`);
  const title = await preview.locator('h1').innerText();
  await expect(preview.locator('.hero__subtitle')).not.toHaveText(subtitle);

  const file = copyPath(entryFile('services', service.id));
  const original = readFileSync(file, 'utf8');
  await openInAdmin(page, 'services', service.id);
  let adminReloads = 0;
  page.on('load', () => adminReloads++);
  await page.getByRole('textbox', { name: 'Subtitle', exact: true }).fill(subtitle);
  await screenshotForDocs(page, testInfo, 'edit-a-service.png');
  await saveInAdmin(page);

  // The file changed where the subtitle is, and nowhere else.
  expect(withoutField(readFileSync(file, 'utf8'), 'subtitle')).toBe(withoutField(original, 'subtitle'));
  await expect(preview.locator('.hero__subtitle'), 'the preview reloads by itself').toHaveText(subtitle);
  await expect(preview.locator('h1')).toHaveText(title);
  expect(adminReloads, 'the admin keeps its state: it is not reloaded under the editor').toBe(0);
});

test('a team member in the editor: added with an uploaded photo, shown with it on the About page; their form in plain words, a save confirmed; deleted with their photo’s folders', async ({ page }, testInfo) => {
  const name = 'Noor Haddad';
  const portrait = testInfo.outputPath('noor-haddad.png');
  await sharp({ create: { width: 480, height: 480, channels: 3, background: '#2f6f73' } }).png().toFile(portrait);

  // The About page in the preview, beside the admin.
  const about = await page.context().newPage();
  await about.goto('/AboutUs/');
  const before = await about.locator('.member h3').allInnerTexts();
  expect(before).toHaveLength(idsIn('team').length);
  expect(before).not.toContain(name);

  await page.goto('/keystatic/collection/team/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Role', exact: true }).fill('Data Engineer');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(portrait);
  await page.getByRole('textbox', { name: 'Alt text', exact: true }).fill('Noor Haddad smiling, in front of a green wall');
  await screenshotForDocs(page, testInfo, 'add-a-team-member.png');
  await saveInAdmin(page, 'Create');

  // The file is named after the person, and the photo is kept beside the others, in src/assets/team.
  const file = copyPath('src/content/team/noor-haddad.md');
  expect(readFileSync(file, 'utf8')).toContain(`name: ${name}`);
  expect(globSync(copyPath('src/assets/team/noor-haddad/**/*.png'))).toHaveLength(1);

  // The dev server writes its content store after the save and reloads open pages when it does, at
  // times no test chooses: a page may be made before it knows the photo, or be reloaded under the
  // test. So each try is a fresh page, and its state is the photo itself, arrived and decoded.
  const photo = about.locator('.member', { has: about.getByRole('heading', { name }) }).locator('img.portrait');
  await expect(async () => {
    await about.goto('/AboutUs/');
    expect((await about.locator('.member h3').allInnerTexts()).sort(), 'everyone listed before, and the new member').toEqual([...before, name].sort());
    await expect(photo).toHaveAttribute('alt', /Noor Haddad/, { timeout: 1_000 });
    expect(await pictureShown(photo)).toBeGreaterThan(0);
  }).toPass();

  // Their form in the editor's words (no file path), and a save of it confirmed.
  await openInAdmin(page, 'team', 'noor-haddad');
  await expect(page.getByText('Shown on the About page. Saved as "noor-haddad"')).toBeVisible();
  expect(await page.locator('body').innerText()).not.toMatch(/src\/|\.mdx?\b|\bslug\b/i);
  await page.getByRole('textbox', { name: 'Role', exact: true }).fill('Data Engineer, part time');
  await saveInAdmin(page);
  await expect(page.getByText('Saved. The preview shows it now')).toBeVisible();

  await page.getByRole('button', { name: 'Delete entry…' }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect.poll(() => existsSync(file)).toBe(false);
  await expect.poll(() => existsSync(copyPath('src/assets/team/noor-haddad')), 'the photo’s folders are removed').toBe(false);
  expect(existsSync(copyPath('src/assets/team')), 'the list’s own folder stays').toBe(true);
});

test('changing the company’s e-mail address in “Company details” changes it on the pages', async ({ page }) => {
  const email = 'hello@example.com';
  await page.goto('/Contact/');
  await expect(page.locator(`a[href="mailto:${email}"]`)).toHaveCount(0);

  await openInAdmin(page, 'siteSettings');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await saveInAdmin(page);

  await expect(async () => {
    await page.goto('/Contact/');
    await expect(page.locator('main').locator(`a[href="mailto:${email}"]`)).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.locator('footer').locator(`a[href="mailto:${email}"]`)).toBeVisible();
});

test('a refused save names the fields: an existing entry’s address is fixed; a new one’s is made from its title, only a wrong field is flagged, nothing is written', async ({ page }, testInfo) => {
  const service = { id: idsIn('services')[0]! };
  const filesBefore = readdirSync(copyPath('src/content/services'));
  await openInAdmin(page, 'services', service.id);
  await expect(page.getByText(`Web address: /${service.id}/ (fixed`)).toBeVisible();
  const address = page.getByRole('textbox', { name: 'Web address' });
  await expect(address).toHaveCount(0);

  await goInAdmin(page, '/keystatic/collection/services/create');
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
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
  // The required fields still empty are named.
  await create.click();
  await expect(page.getByText(/^Subtitle must /).first()).toBeVisible();
  await expect(page.getByText(/^Icon is required/).first()).toBeVisible();
  await screenshotForDocs(page, testInfo, 'a-required-field.png');
  // An address that is already taken is named as such.
  await address.fill(service.id);
  await create.click();
  await expect(page.getByText(`Another entry already has the web address "${service.id}"`)).toBeVisible();
  expect(readdirSync(copyPath('src/content/services')), 'nothing was written').toEqual(filesBefore);
});

test('writing an article: dated today, a picture in its text stored beside it, and its page built from the file', async ({ page }, testInfo) => {
  const title = 'Five questions to ask before you buy a till';
  const slug = 'five-questions-to-ask-before-you-buy-a-till';
  const picture = testInfo.outputPath('till-receipt.png');
  await sharp({ create: { width: 800, height: 450, channels: 3, background: '#123561' } }).png().toFile(picture);
  const author = { id: idsIn('team')[0]! };
  const service = { id: idsIn('services')[0]! };

  await page.goto('/keystatic/collection/insights/create');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Summary', exact: true }).fill('What to ask a point-of-sale seller about payments, support and your data, before you sign anything.');
  // The date picker starts at today, and its help says what a future date does.
  await expect(page.getByText('A date in the future publishes it that morning, Sydney time')).toBeVisible();
  // Picked from lists of the team and the services, by their file names. The option gets a click as
  // assistive technology sends it: a pointer's click waits for the option to hold still and scrolls
  // to it, and on a busy machine the list, drawn again meanwhile, lost it each time (for 2 minutes).
  for (const [list, id] of [['Author', author.id], ['Services', service.id]] as const) {
    await page.getByRole('combobox', { name: list }).fill(id);
    await page.getByRole('option', { name: id }).dispatchEvent('click');
  }

  // The text, with a picture inserted from the toolbar, its alt text written in its own dialog.
  const text = page.getByRole('textbox', { name: 'Article' });
  await text.click();
  await page.keyboard.type('Ask who holds your customers’ card data, and for how long.');
  await page.keyboard.press('Enter');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('group', { name: 'Blocks' }).getByRole('button', { name: 'Image' }).click();
  await (await chooser).setFiles(picture);
  const inserted = text.locator('img[data-filename="till-receipt.png"]');
  await inserted.click();
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
  expect(file).toMatch(new RegExp(`^publishDate: ${new Date().toISOString().slice(0, 10)}$`, 'm'));
  expect(file).toContain(`author: ${author.id}`);
  expect(file).toContain(`services:\n  - ${service.id}\n`);
  expect(file).toContain(`![A till receipt beside a card terminal](../../assets/insights/${slug}/till-receipt.png)`);
  expect(existsSync(copyPath(`src/assets/insights/${slug}/till-receipt.png`))).toBe(true);

  // The editor's list says when each article is published, and which are drafts.
  await goInAdmin(page, '/keystatic/collection/insights');
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText(String(new Date().getFullYear()));
  await expect(page.getByRole('columnheader', { name: 'Publish date' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Draft' })).toBeVisible();

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
