import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { siteFilePaths } from '../../src/lib/publishing/site-files.ts';
import { socialImagePath } from '../../src/lib/publishing/social-image.ts';
import type { PageData } from '../../src/lib/pages/frame.ts';
import { brandColours } from '../../src/lib/site/design-tokens.ts';
import { asComputedColour, semanticColours, type Scheme } from '../support/design-tokens.ts';
import { pageHeadersInFile } from '../support/headers-file.ts';
import { clientDir } from '../support/site-content.ts';
import { checkFooter, checkPageContent } from './page-content.ts';
import { bandEdgeAndLogos, cardGridProblems, framePages, mainNavigation, pages, recordFirstPaintBackground, viewports } from './support.ts';

// Every page, loaded once in each colour scheme, with every check that concerns a page made on that
// one load: the light scheme with JavaScript on a laptop (what the page says, its head and JSON-LD,
// its headers and policy, axe, and no policy violation or script error with the menu opened),
// the dark scheme without JavaScript on a phone (every word visible, nothing wider than the screen,
// and axe on the page as a visitor without JavaScript gets it). What depends on the width (menus, grids, footer) is checked at each width in its own
// spec; screenshots of every page are `npm run screenshots`.

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const surface = semanticColours().get('color-surface')!;
const background = (scheme: Scheme) => asComputedColour(surface[scheme]);
const headersFile = readFileSync(`${clientDir}/_headers`, 'utf8');

const everyPage = [...pages.map((data) => ({ path: data.head.path, status: 200, data })), ...framePages];

/** The violations axe finds, as id and elements, so a failure says where. */
async function accessibilityViolations(builder: AxeBuilder) {
  const results = await builder.withTags(wcagTags).analyze();
  expect(results.passes.length).toBeGreaterThan(5);
  return results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) }));
}

/** Loads every picture (also those below the fold) and returns those that did not load. */
function picturesNotLoaded(page: Page): Promise<string[]> {
  return page.locator('img').evaluateAll((images) =>
    Promise.all(
      (images as HTMLImageElement[]).map(async (image) => {
        image.loading = 'eager';
        await image.decode().catch(() => undefined);
        return image.complete && image.naturalWidth > 0 ? '' : image.currentSrc || image.src;
      }),
    ).then((sources) => sources.filter(Boolean)),
  );
}

/** What the page's head, hero and breadcrumb say, read in one go. */
function readHead(page: Page) {
  return page.evaluate(() => {
    const attribute = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? null;
    const texts = (selector: string) => [...document.querySelectorAll(selector)].map((element) => element.textContent?.trim() ?? '');
    return {
      title: document.title,
      lang: document.documentElement.lang,
      description: attribute('meta[name="description"]', 'content'),
      canonical: attribute('link[rel="canonical"]', 'href'),
      robots: attribute('meta[name="robots"]', 'content'),
      ogUrl: attribute('meta[property="og:url"]', 'content'),
      ogTitle: attribute('meta[property="og:title"]', 'content'),
      ogDescription: attribute('meta[property="og:description"]', 'content'),
      ogImage: attribute('meta[property="og:image"]', 'content'),
      twitterCard: attribute('meta[name="twitter:card"]', 'content'),
      twitterImage: attribute('meta[name="twitter:image"]', 'content'),
      icon: attribute('link[rel="icon"]', 'href'),
      appleTouchIcon: attribute('link[rel="apple-touch-icon"]', 'href'),
      manifest: attribute('link[rel="manifest"]', 'href'),
      themeColour: attribute('meta[name="theme-color"]', 'content'),
      jsonLd: texts('script[type="application/ld+json"]').flatMap((text) => JSON.parse(text) as unknown[]),
      headings: texts('h1'),
      subtitle: texts('.hero__subtitle'),
      crumbs: texts('nav[aria-label="Breadcrumb"] li'),
      crumbLinks: [...document.querySelectorAll('nav[aria-label="Breadcrumb"] a')].map((link) => link.getAttribute('href')),
      current: texts('nav[aria-label="Breadcrumb"] [aria-current="page"]'),
    };
  });
}

/** The head, hero and breadcrumb the page shows match its data, JSON-LD exactly. */
async function checkHead(page: Page, data: PageData): Promise<void> {
  const { head, hero, breadcrumb } = data;
  expect(await readHead(page)).toEqual({
    title: head.documentTitle,
    lang: 'en-AU',
    description: head.description,
    canonical: head.canonical,
    robots: head.noindex ? 'noindex' : null,
    ogUrl: head.canonical,
    ogTitle: head.documentTitle,
    ogDescription: head.description,
    ogImage: head.socialImage,
    twitterCard: 'summary_large_image',
    twitterImage: head.socialImage,
    icon: siteFilePaths.svgIcon,
    appleTouchIcon: siteFilePaths.appleTouchIcon,
    manifest: siteFilePaths.manifest,
    themeColour: brandColours(semanticColours()).brand,
    jsonLd: JSON.parse(JSON.stringify(head.jsonLd)),
    headings: [hero.title],
    subtitle: [hero.subtitle],
    crumbs: breadcrumb ? ['Home', ...breadcrumb.parents.map((crumb) => crumb.name), breadcrumb.current] : [],
    crumbLinks: breadcrumb ? ['/', ...breadcrumb.parents.map((crumb) => crumb.path)] : [],
    current: breadcrumb ? [breadcrumb.current] : [],
  });
}

for (const { path, status, data } of everyPage) {
  test(`${path}: light scheme, JavaScript, laptop: its words, head, headers, policy and accessibility`, async ({ browser, request }) => {
    const context = await browser.newContext({ viewport: viewports.desktop, reducedMotion: 'reduce', colorScheme: 'light' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      // The 404 page's own status is reported as an error too; it is the answer this address must give.
      const ownStatus = status === 404 && message.location().url === page.url() && message.text().includes('status of 404');
      if (message.type() === 'error' && !ownStatus) problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    await recordFirstPaintBackground(page);

    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    // The headers _headers gives this address (the CDN's, for the 404 page too), each sent as
    // written by the server too; a page revalidated on every visit, the 404 page never kept.
    const expected = status === 404 ? { ...pageHeadersInFile(headersFile, path), 'cache-control': 'no-store' } : pageHeadersInFile(headersFile, path);
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'referrer-policy', 'permissions-policy']));
    if (status === 200) expect(expected['cache-control']).toBe('public, max-age=0, must-revalidate');
    const received = await response!.allHeaders();
    for (const [name, value] of Object.entries(expected)) expect(received[name], name).toBe(value);

    // The device's scheme from the first paint, applied by the head script under the page's policy.
    expect(await page.waitForFunction(() => (window as unknown as { firstPaintBackground?: string }).firstPaintBackground).then((handle) => handle.jsonValue())).toBe(background('light'));
    await expect(page.locator('html')).toHaveAttribute('data-appearance', 'system');

    await checkHead(page, data);
    await checkFooter(page, data);
    await checkPageContent(page, data);
    await expect(page.locator('body')).not.toContainText(/\{\w*\}/);
    const emptyLinks = await page.locator('a').evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')).filter((href) => href === null || href.trim() === '' || href.trim() === '#'),
    );
    expect(emptyLinks).toEqual([]);
    expect(await picturesNotLoaded(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.desktop.width);
    expect(await cardGridProblems(page)).toEqual([]);
    // In the light, no hairline above the navy bands, and logos as drawn.
    const light = await bandEdgeAndLogos(page);
    expect(light.bandEdges.every((edge) => edge === 'rgba(0, 0, 0, 0)'), light.bandEdges.join()).toBe(true);
    expect(light.logos.filter((logo) => logo.filter !== 'none')).toEqual([]);

    expect(await accessibilityViolations(new AxeBuilder({ page }))).toEqual([]);
    // The menu's script runs under the page's policy too. (The open menu is the same on every page:
    // tests/e2e/menu.spec.ts runs axe on it in each scheme, at each width it has a shape of its own.)
    await page.locator('.menu__toggle:visible').click();
    await expect(page.locator('.menu__toggle:visible')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await page.mouse.wheel(0, 6000);
    expect(problems).toEqual([]);

    // Its social image: 1200×630, drawn for this page from its own heading.
    const social = await request.get(new URL(data.head.socialImage).pathname);
    expect(social.status()).toBe(200);
    expect(social.headers()['content-type']).toBe('image/jpeg');
    const picture = await social.body();
    expect(await sharp(picture).metadata()).toMatchObject({ width: 1200, height: 630 });
    if (path !== '/') expect(picture.equals(await (await request.get(socialImagePath('/'))).body())).toBe(false);
    await context.close();
  });

  test(`${path}: dark scheme, no JavaScript, phone: every word visible, accessible, within the screen`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: viewports.phone, reducedMotion: 'reduce', colorScheme: 'dark' });
    const page = await context.newPage();
    // The page loads with its scripts off, as for a visitor without JavaScript; axe needs scripts
    // (its timers), so they are switched back on for it once the page has loaded without them.
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setScriptExecutionDisabled', { value: true });
    expect((await page.goto(path))?.status()).toBe(status);
    // The device's scheme with no script at all; no choice is offered, since it could not work.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background('dark'));
    await expect(page.locator('html')).not.toHaveAttribute('data-appearance');
    // Every link of the menu is in the header, and no toggle that could not work is shown.
    const nav = page.locator('header.site-header nav[aria-label^="Main"]:visible');
    for (const [label, href] of mainNavigation) await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    await expect(page.locator('.menu__toggle:visible')).toHaveCount(0);
    await expect(page.locator('h1')).toBeVisible();

    const hidden = await page.locator('main, footer').evaluateAll((roots) => {
      const problems: string[] = [];
      for (const root of roots) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim();
          const element = node.parentElement;
          // Skip text hidden on purpose: screen-reader-only text, and the `hidden` spam trap.
          if (!text || !element || element.closest('.visually-hidden, [hidden], script, style, template')) continue;
          for (let current: Element | null = element; current; current = current.parentElement) {
            const style = getComputedStyle(current);
            if (style.opacity === '0' || style.visibility === 'hidden' || style.display === 'none') {
              problems.push(text);
              break;
            }
          }
        }
      }
      return problems;
    });
    expect(hidden).toEqual([]);
    expect(await picturesNotLoaded(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    expect(await cardGridProblems(page)).toEqual([]);
    // In the dark, a hairline shows where each navy band begins, and client logos are drawn light on a dark tile.
    const dark = await bandEdgeAndLogos(page);
    expect(dark.bandEdges.length).toBeGreaterThan(0);
    expect(dark.bandEdges.filter((edge) => edge === 'rgba(0, 0, 0, 0)'), dark.bandEdges.join()).toEqual([]);
    // Each logo on a dark tile: drawn with a dark version of its own, or else inverted to light.
    for (const logo of dark.logos) {
      const [red, green, blue] = logo.tile.match(/\d+/g)!.map(Number);
      expect((0.2126 * red! + 0.7152 * green! + 0.0722 * blue!) / 255, `a dark tile, not a light sticker (${logo.tile})`).toBeLessThan(0.3);
      const ownDarkVersion = /prefers-color-scheme:\s*dark/.test(await (await page.request.get(logo.src)).text());
      expect(logo.filter.includes('invert'), `${logo.src}: ${ownDarkVersion ? 'drawn for the dark, so not inverted' : 'inverted to light'}`).toBe(!ownDarkVersion);
    }
    await devtools.send('Emulation.setScriptExecutionDisabled', { value: false });
    expect(await accessibilityViolations(new AxeBuilder({ page }))).toEqual([]);
    await context.close();
  });
}
