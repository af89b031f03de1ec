import { expect, test, type Page } from '@playwright/test';
import { asComputedColour, semanticColours, type Scheme } from '../support/design-tokens.ts';
import { entries } from '../support/site.ts';
import { mainNavigation, recordFirstPaintBackground, viewports } from './support.ts';

// Dark mode: the site follows the device's setting with no JavaScript, and a choice made in the
// menu (System, Light, Dark) is remembered and applied before the first paint.

const surface = semanticColours().get('color-surface')!;
/** The page background each scheme paints, as the browser reports it. */
const background = (scheme: Scheme) => asComputedColour(surface[scheme]);
/** The choices the menu offers, in words, and what each sets. */
const appearanceChoices = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const;
const label = (value: (typeof appearanceChoices)[number]['value']) => appearanceChoices.find((choice) => choice.value === value)!.label;

const firstPaintBackground = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { firstPaintBackground?: string }).firstPaintBackground).then((handle) => handle.jsonValue());

/** The page's own background now. */
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Opens the menu this viewport shows and returns its appearance group. */
async function openAppearance(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  const dialog = page.locator('dialog[open]');
  await expect(dialog).toBeVisible();
  return dialog.getByRole('group', { name: 'Appearance' });
}

// Every page's light first paint is checked on its visit in tests/e2e/every-page.spec.ts, and its
// dark one without JavaScript; here the dark one with JavaScript, from one page to the next.
for (const scheme of ['dark'] as const) {
  test(`a device set to ${scheme} gets the ${scheme} site from the first paint`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    await recordFirstPaintBackground(page);
    for (const path of ['/', `/${entries('services')[0]!.id}/`, '/no-such-page/']) {
      await page.goto(path);
      expect(await firstPaintBackground(page), path).toBe(background(scheme));
      // The head script ran under the page's CSP: without it, there would be no attribute.
      await expect(page.locator('html')).toHaveAttribute('data-appearance', 'system');
    }
    await context.close();
  });

}

for (const [name, viewport] of [['phone', viewports.phone]] as const) {
  test(`on a ${name}, the menu offers System, Light and Dark in words; a choice applies at once and is remembered`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark', viewport });
    const page = await context.newPage();
    await page.goto('/');
    let appearance = await openAppearance(page);
    const radios = appearance.getByRole('radio');
    await expect(radios).toHaveCount(appearanceChoices.length);
    for (const choice of appearanceChoices) await expect(appearance.getByRole('radio', { name: choice.label, exact: true })).toBeVisible();
    await expect(appearance.getByRole('radio', { name: label('system'), exact: true })).toBeChecked();

    // Against the device's dark setting, Light applies at once, with the menu still open.
    await appearance.getByRole('radio', { name: label('light'), exact: true }).check();
    await expect(page.locator('html')).toHaveAttribute('data-appearance', 'light');
    expect(await bodyBackground(page)).toBe(background('light'));
    expect(await page.evaluate(() => localStorage.getItem('appearance'))).toBe('light');

    // Remembered on the next page, from its first paint, and ticked in its menu.
    await recordFirstPaintBackground(page);
    await page.keyboard.press('Escape');
    const [, href] = mainNavigation[1]!;
    await page.goto(href);
    expect(await firstPaintBackground(page)).toBe(background('light'));
    appearance = await openAppearance(page);
    await expect(appearance.getByRole('radio', { name: label('light'), exact: true })).toBeChecked();

    // System hands the choice back to the device.
    await appearance.getByRole('radio', { name: label('system'), exact: true }).check();
    expect(await bodyBackground(page)).toBe(background('dark'));
    await page.reload();
    expect(await bodyBackground(page)).toBe(background('dark'));
    await context.close();
  });
}

test('the radio buttons work from the keyboard and show where focus is', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'light', viewport: viewports.desktop });
  const page = await context.newPage();
  await page.goto('/');
  const appearance = await openAppearance(page);
  const system = appearance.getByRole('radio', { name: label('system'), exact: true });
  await system.focus();
  await page.keyboard.press('ArrowDown');
  const next = appearance.getByRole('radio', { name: appearanceChoices[1]!.label, exact: true });
  await expect(next).toBeFocused();
  await expect(next).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-appearance', appearanceChoices[1]!.value);
  const outline = await next.evaluate((radio) => getComputedStyle(radio).outlineStyle);
  expect(outline).not.toBe('none');
  await context.close();
});

// Playwright keeps Chromium's back/forward cache off and cannot drive a restored page, and here a
// prerender arrives as a prefetch (navigation.spec.ts): so the two events that show a kept page
// again are sent as the browser sends them, after the choice changed in another page.
test('a page that comes back from the back/forward cache, or is shown after being prerendered, takes the choice made meanwhile', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'light', viewport: viewports.desktop });
  const [first, second] = [await context.newPage(), await context.newPage()];
  await Promise.all([first.goto('/'), second.goto('/')]);
  const other = await context.newPage();
  await other.goto(mainNavigation[1]![1]);
  await (await openAppearance(other)).getByRole('radio', { name: label('dark'), exact: true }).check();
  for (const [page, event] of [
    [first, 'pageshow'],
    [second, 'pagereveal'],
  ] as const) {
    await expect(page.locator('html')).toHaveAttribute('data-appearance', 'system');
    await page.evaluate((type) => window.dispatchEvent(new Event(type)), event);
    await expect(page.locator('html'), event).toHaveAttribute('data-appearance', 'dark');
    expect(await bodyBackground(page)).toBe(background('dark'));
  }
  await context.close();
});

test('where storage is refused, a choice still applies to the page, without an error', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'light', viewport: viewports.desktop });
  const page = await context.newPage();
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The user denied storage', 'SecurityError');
      },
    });
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-appearance', 'system');
  const appearance = await openAppearance(page);
  await appearance.getByRole('radio', { name: label('dark'), exact: true }).check();
  expect(await bodyBackground(page)).toBe(background('dark'));
  expect(errors).toEqual([]);
  await context.close();
});
