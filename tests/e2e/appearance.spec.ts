import { expect, test, type Locator, type Page } from '@playwright/test';
import { entries } from '../support/site.ts';
import { firstPaintBackground, mainNavigation, pageBackground as background, recordFirstPaintBackground, viewports, type Scheme } from './support.ts';

// Dark mode: the site follows the device's setting with no JavaScript, and a choice made in the
// menu (System, Light, Dark) is remembered and applied before the first paint.

const expectBackground = (page: Page, scheme: Scheme) => expect(page.locator('body')).toHaveCSS('background-color', background(scheme));

/** Opens the menu this viewport shows and returns its appearance group. */
async function openAppearance(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.locator('dialog[open]')).toBeVisible();
  return page.locator('dialog[open]').getByRole('group', { name: 'Appearance' });
}
const radio = (group: Locator, label: string) => group.getByRole('radio', { name: label, exact: true });

// Every page's light first paint is checked on its visit in tests/e2e/every-page.spec.ts, and its
// dark one without JavaScript; here the dark one with JavaScript (one head script serves every page).
test('a device set to dark gets the dark site from the first paint; on a phone, the menu offers System, Light and Dark in words, and a choice applies at once and is remembered', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark', viewport: viewports.phone });
  const page = await context.newPage();
  await recordFirstPaintBackground(page);
  await page.goto(`/${entries('services')[0]!.id}/`);
  expect(await firstPaintBackground(page)).toBe(background('dark'));
  let appearance = await openAppearance(page);
  await expect(appearance.getByRole('radio')).toHaveCount(3);
  for (const label of ['System', 'Light', 'Dark']) await expect(radio(appearance, label)).toBeVisible();
  await expect(radio(appearance, 'System')).toBeChecked();

  // Against the device's dark setting, Light applies at once, with the menu still open.
  await radio(appearance, 'Light').check();
  await expect(page.locator('html')).toHaveAttribute('data-appearance', 'light');
  await expectBackground(page, 'light');

  // Remembered on the next page, from its first paint, and ticked in its menu.
  await page.goto(mainNavigation[1]![1]);
  expect(await firstPaintBackground(page)).toBe(background('light'));
  appearance = await openAppearance(page);
  await expect(radio(appearance, 'Light')).toBeChecked();

  // System hands the choice back to the device.
  await radio(appearance, 'System').check();
  await expectBackground(page, 'dark');
  await page.reload();
  await expectBackground(page, 'dark');
  await context.close();
});

// Playwright keeps Chromium's back/forward cache off and cannot drive a restored page, and here a
// prerender arrives as a prefetch (navigation.spec.ts): so the two events that show a kept page
// again are sent as the browser sends them, after the choice changed in another page.
test('the radio buttons work from the keyboard and show where focus is; a page back from the back/forward cache, or shown after being prerendered, takes the choice made meanwhile; where storage is refused, a choice still applies, without an error', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'light', viewport: viewports.desktop });
  const [first, second, other] = [await context.newPage(), await context.newPage(), await context.newPage()];
  await Promise.all([first.goto('/'), second.goto('/')]);
  await other.goto(mainNavigation[1]![1]);
  const appearance = await openAppearance(other);
  const light = radio(appearance, 'Light');
  await radio(appearance, 'System').focus();
  await other.keyboard.press('ArrowDown');
  await expect(light).toBeFocused();
  await expect(light).toBeChecked();
  await expect(other.locator('html')).toHaveAttribute('data-appearance', 'light');
  await expect(light).not.toHaveCSS('outline-style', 'none');
  await other.keyboard.press('ArrowDown');
  await expect(radio(appearance, 'Dark')).toBeChecked();
  for (const [page, event] of [[first, 'pageshow'], [second, 'pagereveal']] as const) {
    await expect(page.locator('html')).toHaveAttribute('data-appearance', 'system');
    await page.evaluate((type) => window.dispatchEvent(new Event(type)), event);
    await expect(page.locator('html'), event).toHaveAttribute('data-appearance', 'dark');
    await expectBackground(page, 'dark');
  }

  const refused = await context.newPage();
  await refused.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The user denied storage', 'SecurityError');
      },
    });
  });
  const errors: string[] = [];
  refused.on('pageerror', (error) => errors.push(error.message));
  await refused.goto('/');
  await expect(refused.locator('html')).toHaveAttribute('data-appearance', 'system');
  await radio(await openAppearance(refused), 'Dark').check();
  await expectBackground(refused, 'dark');
  expect(errors).toEqual([]);
  await context.close();
});
