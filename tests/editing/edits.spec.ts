import { existsSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { blockOtherOrigins, copyPath, entriesOf, openInAdmin, saveInAdmin, screenshotForDocs } from './support.ts';

// The three everyday edits of docs/EDITING.md, done in the browser editor (local mode) on a copy of
// the project, then read back from the files it wrote and from the live preview's pages.

test.beforeEach(({ context }, testInfo) => blockOtherOrigins(context, testInfo));

type Service = { title: string; subtitle: string };
type TeamMember = { name: string; role: string; photo?: { src: string; alt: string } };

test('changing a service’s subtitle writes the file, and the page shows the new subtitle', async ({ page }, testInfo) => {
  const service = entriesOf<Service>('services')[0]!;
  const subtitle = 'Edited in the browser: security work that your insurer and your board can read.';
  expect(subtitle).not.toBe(service.data.subtitle);

  // The page in the preview, open beside the admin as an editor would have it.
  const preview = await page.context().newPage();
  await preview.goto(`/${service.id}/`);
  await expect(preview.locator('main')).toContainText(service.data.subtitle);

  await openInAdmin(page, 'services', service.id);
  let adminReloads = 0;
  page.on('load', () => adminReloads++);
  await page.getByRole('textbox', { name: 'Subtitle', exact: true }).fill(subtitle);
  await screenshotForDocs(page, testInfo, 'edit-a-service.png');
  await saveInAdmin(page);

  const saved = entriesOf<Service>('services').find((entry) => entry.id === service.id);
  expect(saved?.data).toMatchObject({ title: service.data.title, subtitle });
  await expect(preview.locator('main'), 'the preview reloads by itself').toContainText(subtitle);
  expect(adminReloads, 'the admin keeps its state: it is not reloaded under the editor').toBe(0);
});

test('adding a team member with an uploaded photo shows them, with the photo, on the About page', async ({ page }, testInfo) => {
  const before = entriesOf<TeamMember>('team');
  const name = 'Noor Haddad';
  expect(before.map((member) => member.data.name)).not.toContain(name);
  const portrait = testInfo.outputPath('noor-haddad.png');
  await sharp({ create: { width: 480, height: 480, channels: 3, background: '#2f6f73' } }).png().toFile(portrait);

  await page.goto('/AboutUs/');
  await expect(page.locator('.member')).toHaveCount(before.length);

  await page.goto('/keystatic/collection/team/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Role', exact: true }).fill('Data Engineer');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(portrait);
  await page.getByRole('textbox', { name: 'Alt text', exact: true }).fill('Noor Haddad smiling, in front of a green wall');
  await screenshotForDocs(page, testInfo, 'add-a-team-member.png');
  await saveInAdmin(page, 'Create');

  const added = entriesOf<TeamMember>('team').find((member) => member.data.name === name);
  expect(added?.id, 'the file is named after the person').toBe('noor-haddad');
  expect(added?.data.photo?.alt).toMatch(/Noor Haddad/);
  const photoFile = resolve(dirname(copyPath(`src/content/team/${added!.id}.md`)), added!.data.photo!.src);
  expect(photoFile.startsWith(copyPath('src/assets/team/')), `the photo is kept in src/assets/team (${photoFile})`).toBe(true);
  expect(existsSync(photoFile)).toBe(true);

  await expect(async () => {
    await page.goto('/AboutUs/');
    await expect(page.locator('.member'), 'everyone listed before, and the new member').toHaveCount(before.length + 1, { timeout: 1_000 });
  }).toPass();
  const member = page.locator('.member', { has: page.getByRole('heading', { name }) });
  await expect(member.locator('img.portrait')).toHaveAttribute('alt', /Noor Haddad/);
  // The portrait loads lazily: bring it into view, then it must arrive as a real picture.
  await member.locator('img.portrait').scrollIntoViewIfNeeded();
  await expect.poll(() => member.locator('img.portrait').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
});

test('leaving a required field empty: the admin refuses to save and names the field', async ({ page }, testInfo) => {
  const filesBefore = readdirSync(copyPath('src/content/services'));
  await page.goto('/keystatic/collection/services/create');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Cloud migration');
  await page.getByRole('button', { name: 'Create' }).click();

  await expect(page.getByText(/^Subtitle must /).first()).toBeVisible();
  await expect(page.getByText(/^Icon is required/).first()).toBeVisible();
  await screenshotForDocs(page, testInfo, 'a-required-field.png');
  expect(readdirSync(copyPath('src/content/services')), 'nothing was written').toEqual(filesBefore);
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

test('an existing entry’s address is shown but cannot be changed; a new one is made from its name', async ({ page }) => {
  const service = entriesOf<Service>('services')[0]!;
  await openInAdmin(page, 'services', service.id);
  await expect(page.getByText(`Address: /${service.id}/ (fixed`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Address (file name)' })).toHaveCount(0);

  await page.goto('/keystatic/collection/services/create');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Cloud Migration');
  await expect(page.getByRole('textbox', { name: 'Address (file name)' })).toHaveValue('cloud-migration');
});
