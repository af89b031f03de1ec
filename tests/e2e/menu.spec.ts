import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { site } from '../../src/site.config.ts';
import { schemes } from '../support/design-tokens.ts';
import { mainNavigation, viewports } from './support.ts';

/** The visible menu island's toggle: the overlay's on wide screens, the drawer's on phones. */
function menuToggle(page: Page): Locator {
  return page.locator('.menu__toggle:visible');
}

async function expectMenuLinks(panel: Locator) {
  const links = panel.locator('nav a');
  await expect(links).toHaveText(mainNavigation.map(([label]) => label));
  expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')))).toEqual(mainNavigation.map(([, href]) => href));
  await expect(panel.locator('.social-links a')).toHaveCount(site.social.length);
}

/**
 * Waits until the page behind the menu is (or is no longer) inert, judged as a keyboard user would:
 * can its links take focus? Focus is put back where it was after each try.
 */
async function expectPageInert(page: Page, inert: boolean) {
  for (const selector of ['main a', 'footer.site-footer a', '.skip-link', '.brand']) {
    const takesFocus = () =>
      page.locator(selector).first().evaluate((element: HTMLElement) => {
        const before = document.activeElement as HTMLElement | null;
        element.focus();
        const focused = document.activeElement === element;
        before?.focus();
        return focused;
      });
    await expect.poll(takesFocus, { message: `${selector} takes focus` }).toBe(!inert);
  }
}

test.describe('overlay menu (wide screens)', () => {
  test.use({ viewport: viewports.desktop });

  test('reads Menu, opens full-screen with every link, and reads Close', async ({ page }) => {
    await page.goto('/');
    const toggle = menuToggle(page);
    await expect(toggle).toHaveText('Menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await expect(panel).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveText('Close');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: viewports.desktop.width, height: viewports.desktop.height });
    await expectMenuLinks(panel);

    await toggle.click();
    await expect(toggle).toHaveText('Menu');
    await expect(panel).toBeHidden();
  });

  test('moves focus in, keeps it in, and makes the page behind inert and still', async ({ page }) => {
    await page.goto('/');
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const scrolledTo = await page.evaluate(() => window.scrollY);
    // The sticky header keeps the toggle on screen. Click it where it is: Playwright's own click
    // would first "scroll it into view", which for a sticky element means back to the top.
    const box = (await menuToggle(page).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'true');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);

    const panel = page.locator('#overlay-menu');
    await expect(panel.getByRole('link', { name: 'Home' })).toBeFocused();
    await expectPageInert(page, true);

    // Tab through far more stops than the menu has: focus never reaches the page behind. (Past the
    // last link a modal dialog lets focus go to the browser's own controls, then back into the menu.)
    for (let step = 0; step < 14; step++) {
      await page.keyboard.press(step % 5 === 4 ? 'Shift+Tab' : 'Tab');
      const behind = await page.evaluate(() => {
        const active = document.activeElement;
        return active !== null && active !== document.body && active.closest('.menu') === null ? active.outerHTML.slice(0, 80) : null;
      });
      expect(behind, `focus after step ${step}`).toBeNull();
    }

    // The page behind does not scroll: once the wheel has reached the page and two frames have been
    // drawn (a scroll is applied by then), the page is where it was.
    const wheelSeen = page.evaluate(() => new Promise((resolve) => window.addEventListener('wheel', resolve, { once: true, capture: true })));
    await page.mouse.wheel(0, 800);
    await wheelSeen;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  });

  test('Escape closes it, returns focus to the toggle and wakes the page', async ({ page }) => {
    await page.goto('/');
    const toggle = menuToggle(page);
    await toggle.click();
    await expect(page.locator('#overlay-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#overlay-menu')).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveText('Menu');
    await expectPageInert(page, false);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('the Close button closes it and returns focus to the toggle', async ({ page }) => {
    await page.goto('/');
    const toggle = menuToggle(page);
    await toggle.click();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('#overlay-menu')).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('works from the keyboard alone', async ({ page }) => {
    await page.goto('/');
    const toggle = menuToggle(page);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#overlay-menu').getByRole('link', { name: 'Home' })).toBeFocused();
  });

  test('React loads only when the visitor reaches for the menu, and the first click still counts', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /react|client|OverlayMenu|SideDrawer/i.test(path))).toEqual([]);

    // One click, straight after load: hydration starts on hover and the click is replayed when ready.
    await menuToggle(page).click();
    await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'true');
    expect(scripts.some((path) => /OverlayMenu/.test(path))).toBe(true);
  });
});

test.describe('side drawer (phones)', () => {
  test.use({ viewport: viewports.phone, hasTouch: true });

  test('opens from width 0 to 250px with every link, and shuts with Close', async ({ page }) => {
    await page.goto('/');
    const toggle = menuToggle(page);
    await expect(toggle).toHaveText('Menu');
    const drawer = page.locator('#side-drawer');
    expect(await drawer.evaluate((element) => element.getBoundingClientRect().width)).toBe(0);
    await expect(drawer).toBeHidden();
    await expect(page.locator('#overlay-menu')).toBeHidden();

    await toggle.tap();
    await expect(toggle).toHaveText('Close');
    await expect(drawer).toBeVisible();
    await expect.poll(() => drawer.evaluate((element) => element.getBoundingClientRect().width)).toBe(250);
    const box = await drawer.boundingBox();
    expect(box!.x + box!.width).toBe(viewports.phone.width);
    await expectMenuLinks(drawer);
    await expectPageInert(page, true);

    await toggle.tap();
    await expect(toggle).toHaveText('Menu');
    await expect.poll(() => drawer.evaluate((element) => element.getBoundingClientRect().width)).toBe(0);
    await expectPageInert(page, false);
  });

  test('Escape closes it and returns focus; tapping the page behind closes it too', async ({ page }) => {
    await page.goto('/');
    const toggle = menuToggle(page);
    await toggle.tap();
    await expect(page.locator('#side-drawer').getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(40, 600);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('a menu link takes the visitor to its page', async ({ page }) => {
    await page.goto('/no-such-page/');
    await menuToggle(page).tap();
    await page.locator('#side-drawer').getByRole('link', { name: 'Home' }).tap();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('h1')).toContainText('software');
  });
});

test('an open menu that a resize hides releases the page', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await page.goto('/');
  await menuToggle(page).click();
  await expectPageInert(page, true);
  await page.setViewportSize(viewports.phone);
  await expectPageInert(page, false);
});

// The open menu in each scheme, at each width it takes a shape of its own. Every page's light
// scheme, with the overlay open, is checked on its visit in tests/e2e/every-page.spec.ts.
for (const [shape, viewport] of [
  ['overlay', viewports.desktop],
  ['drawer', viewports.phone],
] as const) {
  for (const colorScheme of schemes) {
    test(`the open ${shape} has no WCAG 2.2 A/AA violations in the ${colorScheme} scheme`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, colorScheme, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto('/');
      await menuToggle(page).click();
      await expect(page.locator('dialog[open]')).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']).analyze();
      expect(results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) }))).toEqual([]);
      await context.close();
    });
  }
}
