import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { company } from '../support/site.ts';
import { mainNavigation, viewports, wcagTags } from './support.ts';

/** The menu's toggle in the header (hidden while the menu is open, its Close button standing in its place). */
function menuToggle(page: Page): Locator {
  return page.locator('header button[aria-controls="site-menu"]').first();
}

async function expectMenuLinks(panel: Locator) {
  // Every destination, then search (on phones the header has no room for its button).
  const destinations = [...mainNavigation, ['Search the site', '/Search/']];
  const links = panel.locator('nav a');
  await expect(links).toHaveText(destinations.map(([label]) => label!));
  expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')))).toEqual(destinations.map(([, href]) => href));
  await expect(panel.locator('.social-links a')).toHaveCount(company.social.length);
}

/** Every WCAG 2.2 A and AA rule, on the page as it is now (the menu open). */
async function expectNoAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  expect(results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) }))).toEqual([]);
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

test('the header: on a desktop the main destinations, a contact button and search beside Menu, the current page marked; on a phone, Menu alone', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await page.goto('/OurProjects/');
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  const destinations = mainNavigation.filter(([, href]) => href !== '/' && href !== '/Contact/');
  const links = [...destinations, ['Contact us', '/Contact/']];
  await expect(nav.getByRole('link')).toHaveText(links.map(([label]) => label));
  expect(await nav.getByRole('link').evaluateAll((all) => all.map((link) => link.getAttribute('href')))).toEqual(links.map(([, href]) => href));
  await expect(nav.locator('[aria-current="page"]')).toHaveText('Projects');
  await expect(menuToggle(page)).toBeVisible();
  // From the brand mark, the keyboard goes through them in order, then to Menu.
  await page.locator('header .brand').focus();
  for (const [label] of links) {
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeFocused();
  }
  await page.keyboard.press('Tab');
  const search = page.locator('header').getByRole('search').getByRole('button', { name: 'Search the site' });
  await expect(search).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menuToggle(page)).toBeFocused();
  const results = await new AxeBuilder({ page }).include('header.site-header').withTags(wcagTags).analyze();
  expect(results.violations.map(({ id }) => id)).toEqual([]);

  await page.setViewportSize(viewports.phone);
  await expect(nav).toBeHidden();
  await expect(search).toBeHidden();
  await expect(menuToggle(page)).toBeVisible();
});

test.describe('the menu on wide screens: full-screen', () => {
  test.use({ viewport: viewports.desktop });

  test('reads Menu, opens full-screen with every link, and reads Close', async ({ page }) => {
    await page.goto('/');
    const toggle = menuToggle(page);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await expect(panel).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    // Close stands where Menu stood.
    const close = panel.getByRole('button', { name: 'Close' });
    const [menuBox, closeBox] = [await toggle.boundingBox(), await close.boundingBox()];
    expect(Math.abs(menuBox!.x + menuBox!.width - (closeBox!.x + closeBox!.width))).toBeLessThanOrEqual(1);
    const box = await panel.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: viewports.desktop.width, height: viewports.desktop.height });
    await expectMenuLinks(panel);
    await expectNoAccessibilityViolations(page);

    await close.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
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

    const panel = page.locator('#site-menu');
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
    // (The listener is in place before the wheel turns: otherwise a busy machine can miss the event.)
    await page.evaluate(() => {
      (window as unknown as { wheelSeen: Promise<unknown> }).wheelSeen = new Promise((resolve) => window.addEventListener('wheel', resolve, { once: true, capture: true }));
    });
    await page.mouse.wheel(0, 800);
    await page.evaluate(() => (window as unknown as { wheelSeen: Promise<unknown> }).wheelSeen);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  });

  test('opens and closes from the keyboard alone, returning focus and waking the page', async ({ page }) => {
    await page.goto('/');
    const toggle = menuToggle(page);
    const menu = page.locator('#site-menu');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
    // Close is the stop before the first link.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expectPageInert(page, false);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });
});

// The open menu in each shape it takes is checked with axe, the full-screen one in the light
// scheme and the drawer in the dark.
test.describe('the menu on phones: a drawer', () => {
  test.use({ viewport: viewports.phone, hasTouch: true, colorScheme: 'dark' });

  test('opens from width 0 to 250px with every link, and shuts with Close', async ({ page }) => {
    await page.goto('/');
    const toggle = menuToggle(page);
    const drawer = page.locator('#site-menu');
    expect(await drawer.evaluate((element) => element.getBoundingClientRect().width)).toBe(0);
    await expect(drawer).toBeHidden();

    await toggle.tap();
    await expect(drawer).toBeVisible();
    await expect.poll(() => drawer.evaluate((element) => element.getBoundingClientRect().width)).toBe(250);
    const box = await drawer.boundingBox();
    expect(box!.x + box!.width).toBe(viewports.phone.width);
    await expectMenuLinks(drawer);
    await expectNoAccessibilityViolations(page);
    await expectPageInert(page, true);

    await drawer.getByRole('button', { name: 'Close' }).tap();
    await expect.poll(() => drawer.evaluate((element) => element.getBoundingClientRect().width)).toBe(0);
    await expectPageInert(page, false);
  });

  test('Escape closes it and returns focus; tapping the page behind closes it too', async ({ page }) => {
    await page.goto('/');
    const toggle = menuToggle(page);
    await toggle.tap();
    await expect(page.locator('#site-menu').getByRole('link', { name: 'Home' })).toBeFocused();
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
    await page.locator('#site-menu').getByRole('link', { name: 'Home' }).tap();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.locator('main > header.hero h1')).toBeVisible();
  });
});

