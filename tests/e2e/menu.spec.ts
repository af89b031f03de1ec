import { expect, test, type Locator, type Page } from '@playwright/test';
import { company, entries, productName } from '../support/site.ts';
import { axeViolations, mainNavigation, viewports } from './support.ts';

const hrefs = (links: Locator) => links.evaluateAll((all) => all.map((link) => link.getAttribute('href')));

/**
 * The open menu: every destination and, full-screen, every service and product by name; a search
 * field and the social links; and every WCAG 2.2 A and AA rule, on the page as it is now.
 */
async function expectOpenMenu(page: Page, panel: Locator, fullScreen: boolean) {
  const services = entries<{ title: string }>('services').map((service) => [service.data.title, `/${service.id}/`]);
  const products = entries<{ name: string }>('products').map((product) => [productName(product), `/${product.id}/`] as const);
  const destinations = [...mainNavigation, ...(fullScreen ? [...services, ...products] : [])];
  const links = panel.getByRole('navigation', { name: 'Main menu' }).getByRole('link');
  await expect(links).toHaveText(destinations.map(([label]) => label!));
  expect(await hrefs(links)).toEqual(destinations.map(([, href]) => href));
  await expect(panel.getByRole('searchbox', { name: 'Search the site' })).toBeVisible();
  await expect(panel.locator('.social-links a')).toHaveCount(company.social.length);
  expect(await axeViolations(page)).toEqual([]);
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

const overflow = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).overflow);

/**
 * Opens `path` holding back the menu island's code (its component, React's renderer and Astro's
 * island runtime, each named on the island; what they import waits with them), and finds that the
 * page has asked for no script but its own. It returns the menu's toggle in the header (hidden while
 * the menu is open, its Close button standing in its place), the menu, and a function that lets the
 * code come once a visitor's press or focus has asked for it.
 */
async function openHoldingMenuCode(page: Page, path: string) {
  const fetched: string[] = [];
  let [held, releaseAll] = [[] as string[], () => {}];
  const released = new Promise<void>((resolve) => (releaseAll = resolve));
  await page.route('**/*.js', async (route) => {
    const { pathname } = new URL(route.request().url());
    fetched.push(pathname);
    if (held.includes(pathname)) await released;
    await route.continue();
  });
  await page.goto(path);
  held = await page.locator('astro-island[client="intent"]').evaluate((island) => ['component-url', 'renderer-url', 'runtime-url'].map((name) => island.getAttribute(name)!));
  const own = await page.locator('script[src]').evaluateAll((scripts) => scripts.map((script) => new URL((script as HTMLScriptElement).src).pathname));
  expect(fetched.filter((path) => !own.includes(path))).toEqual([]);
  const releaseMenuCode = async () => {
    await expect.poll(() => fetched).toContain(held[2]);
    releaseAll();
  };
  return { releaseMenuCode, toggle: page.locator('header button[aria-controls="site-menu"]').first(), panel: page.locator('#site-menu') };
}

// The open menu in each shape it takes is checked with axe, the full-screen one in the light
// scheme and the drawer in the dark.
test('on a desktop: the main destinations, contact and search beside Menu, the current page marked; no React until Menu is used; the menu full-screen over a still, inert page, keeping focus, closed by mouse; on a phone, Menu alone', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  const { releaseMenuCode, toggle, panel } = await openHoldingMenuCode(page, '/OurProjects/');
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  const links = [...mainNavigation.filter(([, href]) => href !== '/' && href !== '/Contact/'), ['Contact us', '/Contact/']];
  await expect(nav.getByRole('link')).toHaveText(links.map(([label]) => label));
  expect(await hrefs(nav.getByRole('link'))).toEqual(links.map(([, href]) => href));
  await expect(nav.locator('[aria-current="page"]')).toHaveText('Projects');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const search = page.locator('header').getByRole('search').getByRole('button', { name: 'Search the site' });
  await page.locator('header .brand').first().focus();
  for (const stop of [...links.map(([label]) => nav.getByRole('link', { name: label, exact: true })), search, toggle]) {
    await page.keyboard.press('Tab');
    await expect(stop).toBeFocused();
  }
  expect(await axeViolations(page, 'header.site-header')).toEqual([]);

  await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const scrolledTo = await page.evaluate(() => window.scrollY);
  // The sticky header keeps the toggle on screen. Click it where it is: Playwright's own click
  // would first "scroll it into view", which for a sticky element means back to the top.
  const box = (await toggle.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  // The press is kept while React is on its way, and opens the menu once it has come; what the
  // menu holds comes with it, the page carrying none of it.
  await expect(panel).toBeHidden();
  await expect(panel.getByRole('navigation', { includeHidden: true })).toHaveCount(0);
  await releaseMenuCode();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(panel).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
  await expect(panel.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
  await expect(panel.locator('[aria-current="page"]')).toHaveText('Projects');
  await expectPageInert(page, true);
  const close = panel.getByRole('button', { name: 'Close' });
  const [menuBox, closeBox] = [(await toggle.boundingBox())!, (await close.boundingBox())!];
  expect(Math.abs(menuBox.x + menuBox.width - (closeBox.x + closeBox.width))).toBeLessThanOrEqual(1);
  expect(await panel.boundingBox()).toMatchObject({ x: 0, y: 0, ...viewports.desktop });
  // All of it on an 800 px-high laptop screen, the brand mark where the header has it.
  await page.setViewportSize({ ...viewports.desktop, height: 800 });
  expect(await panel.evaluate((dialog) => dialog.scrollHeight - dialog.clientHeight)).toBe(0);
  expect(await panel.locator('.brand').boundingBox()).toEqual(await page.locator('header .brand').first().boundingBox());
  await expectOpenMenu(page, panel, true);

  // Tab through far more stops than the menu has: focus never reaches the page behind. (Past the
  // last link a modal dialog lets focus go to the browser's own controls, then back into the menu.)
  for (let step = 0; step < 14; step++) {
    await page.keyboard.press(step % 5 === 4 ? 'Shift+Tab' : 'Tab');
    const behind = await page.evaluate(() => (document.activeElement && document.activeElement !== document.body && !document.activeElement.closest('.menu') ? document.activeElement.outerHTML.slice(0, 80) : null));
    expect(behind, `focus after step ${step}`).toBeNull();
  }

  // The page behind does not scroll: once the wheel has reached the page and two frames have been
  // drawn (a scroll is applied by then), the page is where it was. (The listener is in place before
  // the wheel turns: otherwise a busy machine can miss the event.)
  await page.evaluate(() => {
    (window as unknown as { wheelSeen: Promise<unknown> }).wheelSeen = new Promise((resolve) => window.addEventListener('wheel', resolve, { once: true, capture: true }));
  });
  await page.mouse.wheel(0, 800);
  await page.evaluate(() => (window as unknown as { wheelSeen: Promise<unknown> }).wheelSeen);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
  expect(await overflow(page)).toBe('hidden');
  await close.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();
  await expectPageInert(page, false);
  expect(await overflow(page)).not.toBe('hidden');

  await page.setViewportSize(viewports.phone);
  await expect(nav).toBeHidden();
  await expect(search).toBeHidden();
  await expect(toggle).toBeVisible();
});

test('from the keyboard alone, Enter on Menu opens the menu even while React is on its way; Close is the stop before the first link, Escape closes it too, and each time focus goes back to Menu; its search field opens the search page', async ({ page }) => {
  const { releaseMenuCode, toggle, panel } = await openHoldingMenuCode(page, '/Clients/');
  await page.locator('header .brand').first().focus();
  while (!(await toggle.evaluate((button) => button === document.activeElement))) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  await releaseMenuCode();
  for (const closing of [['Shift+Tab', 'Enter'], ['Escape']]) {
    await expect(panel.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
    for (const key of closing) await page.keyboard.press(key);
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    if (closing.length === 2) await page.keyboard.press('Enter');
  }
  // Words typed into the menu's search field open the search page with them.
  await page.keyboard.press('Enter');
  await panel.getByRole('searchbox').fill(company.brand);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/Search/' && url.searchParams.get('q') === company.brand);
});

test.describe('on a phone', () => {
  test.use({ viewport: viewports.phone, hasTouch: true, colorScheme: 'dark' });

  test('a menu link takes the visitor to its page; the drawer opens from width 0 to 250px with every link, shuts with Close and with a tap on the page behind; a call button beside Menu', async ({ page }) => {
    const { releaseMenuCode, toggle, panel: drawer } = await openHoldingMenuCode(page, '/no-such-page/');
    await toggle.tap();
    await expect(drawer).toBeHidden();
    await releaseMenuCode();
    await drawer.getByRole('link', { name: 'Home', exact: true }).tap();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.locator('header a[href^="tel:+"]')).toBeVisible();

    const width = () => drawer.evaluate((element) => element.getBoundingClientRect().width);
    expect(await width()).toBe(0);
    await toggle.tap();
    await expect(drawer).toBeVisible();
    await expect.poll(width).toBe(250);
    const box = (await drawer.boundingBox())!;
    expect(box.x + box.width).toBe(viewports.phone.width);
    await expectOpenMenu(page, drawer, false);
    await expectPageInert(page, true);
    await drawer.getByRole('button', { name: 'Close' }).tap();
    await expect.poll(width).toBe(0);
    await expectPageInert(page, false);

    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(40, 600);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
