import { test as base, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { asComputedColour, semanticColours, type Scheme } from '../support/design-tokens.ts';
import { company, entries, paths } from '../support/site.ts';
import { checkPageContent } from './page-content.ts';
import { bandEdgeAndLogos, cardGridProblems, expectMenuInHeader, mainNavigation, recordFirstPaintBackground, viewports } from './support.ts';

// Every page of the sitemap, the 404 page and the thank-you page, loaded once in each colour scheme,
// with every check that concerns a page made on that one load: the light scheme with JavaScript on
// a laptop (its words, head, headers and policy, with the menu opened), and the dark scheme without
// JavaScript on a phone (every word visible, nothing wider than the screen). How accessible each
// page is, in both schemes, is Lighthouse's (npm run audit; axe in the content lane); the states
// that only a visitor's actions reach (the open menu, a form with its problems marked) are checked
// with axe in their own specs.

/**
 * One page for each way of visiting, kept by each test worker from page to page as a visitor's
 * browser would: a new browser context for every page would cost more than the checks themselves.
 * What a page reports (console errors, policy violations) is collected here and read per test.
 */
const test = base.extend<object, { light: { page: Page; problems: string[] }; dark: Page }>({
  light: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ viewport: viewports.desktop, reducedMotion: 'reduce', colorScheme: 'light' });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        // The 404 page's own status is reported as an error too; it is the answer that address must give.
        if (message.type() === 'error' && !message.text().includes('status of 404')) problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      await recordFirstPaintBackground(page);
      await use({ page, problems });
      await context.close();
    },
    { scope: 'worker' },
  ],
  dark: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ viewport: viewports.phone, reducedMotion: 'reduce', colorScheme: 'dark', javaScriptEnabled: false });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
});

const surface = semanticColours().get('color-surface')!;
const background = (scheme: Scheme) => asComputedColour(surface[scheme]);
const everyPage = [...paths.map((path) => ({ path, status: 200 })), { path: '/no-such-page/', status: 404 }, { path: '/MessageSent/', status: 200 }];

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

/** What the page's head, hero, breadcrumb and policy say, read in one go. */
function readPage(page: Page) {
  return page.evaluate(() => {
    const attribute = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? null;
    const texts = (selector: string) => [...document.querySelectorAll(selector)].map((element) => element.textContent?.trim() ?? '');
    return {
      title: document.title,
      lang: document.documentElement.lang,
      description: attribute('meta[name="description"]', 'content'),
      canonical: attribute('link[rel="canonical"]', 'href'),
      robots: attribute('meta[name="robots"]', 'content'),
      og: Object.fromEntries([...document.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]')].map((meta) => [meta.getAttribute('property') ?? meta.getAttribute('name'), meta.getAttribute('content')])),
      icons: [attribute('link[rel="icon"]', 'href'), attribute('link[rel="apple-touch-icon"]', 'href'), attribute('link[rel="manifest"]', 'href')],
      feed: attribute('link[rel="alternate"][type="application/rss+xml"]', 'href'),
      jsonLd: texts('script[type="application/ld+json"]').flatMap((text) => JSON.parse(text) as Record<string, unknown>[]),
      headings: texts('h1'),
      crumbs: [...document.querySelectorAll('nav[aria-label="Breadcrumb"] li')].map((item) => ({ name: item.textContent?.trim(), href: item.querySelector('a')?.getAttribute('href') ?? null })),
      policy: attribute('meta[http-equiv="content-security-policy"]', 'content') ?? '',
      inlineCode: document.querySelectorAll('style, script:not([src]):not([type="application/ld+json"])').length,
      bodyText: document.body.innerText,
      emptyLinks: [...document.querySelectorAll('a')].map((link) => link.getAttribute('href')).filter((href) => href === null || href.trim() === '' || href.trim() === '#'),
    };
  });
}

for (const { path, status } of everyPage) {
  test(`${path}: light scheme, JavaScript, laptop: its words, head, headers and policy`, async ({ light: { page, problems }, request }) => {
    problems.length = 0;
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    // The headers every answer carries: no framing, HTTPS only, no sniffing, a careful referrer.
    const headers = await response!.allHeaders();
    expect(headers).toMatchObject({
      'content-security-policy': "frame-ancestors 'none'",
      'strict-transport-security': expect.stringMatching(/^max-age=\d{8,}; includeSubDomains; preload$/),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': expect.stringContaining('camera=()'),
      'cross-origin-opener-policy': 'same-origin',
    });
    if (status === 200) expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');

    const seen = await readPage(page);
    // The page's own policy: every script and style by its hash, nothing inline allowed wholesale,
    // and no more hashes than the page has inline code.
    expect(seen.policy).toMatch(/^default-src 'self';.*object-src 'none'; script-src 'self'( 'sha256-[\w+/=]+')+; style-src 'self'( 'sha256-[\w+/=]+')+$/);
    expect(seen.policy).not.toMatch(/unsafe/);
    expect(seen.policy.match(/'sha256-/g)!.length).toBeLessThanOrEqual(seen.inlineCode);

    // The device's scheme from the first paint, applied by the head script under the page's policy.
    expect(await page.waitForFunction(() => (window as unknown as { firstPaintBackground?: string }).firstPaintBackground).then((handle) => handle.jsonValue())).toBe(background('light'));
    await expect(page.locator('html')).toHaveAttribute('data-appearance', 'system');

    // Its head says the same as its hero, at its own address.
    expect(seen.lang).toBe('en-AU');
    expect(seen.headings).toHaveLength(1);
    expect(seen.title).toContain(path === '/' ? company.companyName : seen.headings[0]);
    expect(seen.description).toMatch(/\w{3,} \w{3,}/);
    if (status === 200) expect(seen.canonical).toBe(`${company.url}${path}`);
    if (status === 200) expect(seen.robots).toBe(path === '/MessageSent/' ? 'noindex' : null);
    expect(seen.og).toMatchObject({ 'og:title': seen.title, 'og:description': seen.description, 'og:url': seen.canonical, 'twitter:card': 'summary_large_image', 'twitter:image': seen.og['og:image'] });
    expect(seen.icons).toEqual(['/favicon.svg', '/apple-touch-icon.png', '/site.webmanifest']);
    expect(seen.feed).toBe('/Insights/rss.xml');
    // The breadcrumb: Home first, then the way to this page, the same in JSON-LD.
    const trail = seen.jsonLd.find((item) => item['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item: string }[] } | undefined;
    if (path === '/') expect(seen.crumbs).toEqual([]);
    else {
      expect(seen.crumbs[0]).toEqual({ name: 'Home', href: '/' });
      // The page itself, by its heading, or by its number among numbered pages.
      expect(seen.crumbs.at(-1)).toEqual({ name: /\/\d+\/$/.test(path) ? `Page ${/(\d+)\/$/.exec(path)![1]}` : seen.headings[0], href: null });
      expect(trail?.itemListElement.map((item) => item.name)).toEqual(seen.crumbs.map((crumb) => crumb.name));
      expect(trail?.itemListElement.slice(0, -1).map((item) => item.item)).toEqual(seen.crumbs.slice(0, -1).map((crumb) => `${company.url}${crumb.href}`));
    }

    await checkFooter(page);
    await checkPageContent(page, path);
    expect(seen.bodyText).not.toMatch(/\{\w*\}/);
    expect(seen.emptyLinks).toEqual([]);
    expect(await picturesNotLoaded(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.desktop.width);
    expect(await cardGridProblems(page)).toEqual([]);
    // In the light, no hairline above the navy bands, and logos as drawn.
    const light = await bandEdgeAndLogos(page);
    expect(light.bandEdges.every((edge) => edge === 'rgba(0, 0, 0, 0)'), light.bandEdges.join()).toBe(true);
    expect(light.logos.filter((logo) => logo.filter !== 'none')).toEqual([]);

    // The menu's script runs under the page's policy too.
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#site-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.mouse.wheel(0, 6000);
    expect(problems).toEqual([]);

    // Its social image: 1200×630, drawn for this page from its own heading.
    const social = await request.get(new URL(seen.og['og:image']!).pathname);
    expect(social.headers()['content-type']).toBe('image/jpeg');
    const picture = await social.body();
    expect(await sharp(picture).metadata()).toMatchObject({ width: 1200, height: 630 });
    if (path !== '/') expect(picture.equals(await (await request.get('/og/home.jpg')).body())).toBe(false);
  });

  test(`${path}: dark scheme, no JavaScript, phone: every word visible, within the screen`, async ({ dark: page }) => {
    expect((await page.goto(path))?.status()).toBe(status);
    // The device's scheme with no script at all; no choice is offered, since it could not work.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background('dark'));
    await expect(page.locator('html')).not.toHaveAttribute('data-appearance');
    await expectMenuInHeader(page);
    // Each question's answer opens without a script.
    for (const details of await page.locator('main details').all()) if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    await expect(page.locator('main details:not([open])')).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Appearance', includeHidden: true })).toHaveCSS('display', 'none');

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
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    expect(await cardGridProblems(page)).toEqual([]);
    // In the dark, a hairline shows where each navy band begins, and client logos are drawn light on a dark tile.
    const dark = await bandEdgeAndLogos(page);
    expect(dark.bandEdges.length).toBeGreaterThan(0);
    expect(dark.bandEdges.filter((edge) => edge === 'rgba(0, 0, 0, 0)'), dark.bandEdges.join()).toEqual([]);
    for (const logo of dark.logos) {
      const [red, green, blue] = logo.tile.match(/\d+/g)!.map(Number);
      expect((0.2126 * red! + 0.7152 * green! + 0.0722 * blue!) / 255, `a dark tile, not a light sticker (${logo.tile})`).toBeLessThan(0.3);
      const ownDarkVersion = /prefers-color-scheme:\s*dark/.test(await (await page.request.get(logo.src)).text());
      expect(logo.filter.includes('invert'), `${logo.src}: ${ownDarkVersion ? 'drawn for the dark, so not inverted' : 'inverted to light'}`).toBe(!ownDarkVersion);
    }
  });
}

/** The footer every page carries: the company's details and links to every page, service and product. */
async function checkFooter(page: Page): Promise<void> {
  const footer = await page.locator('footer.site-footer').evaluate((element) => {
    const links = (selector: string) => [...element.querySelectorAll(`${selector} a`)].map((link) => [link.textContent?.trim() ?? '', link.getAttribute('href') ?? '']);
    return {
      address: element.querySelector('address')?.textContent?.replace(/\s+/g, ' ') ?? '',
      email: element.querySelector('a[href^="mailto:"]')?.getAttribute('href'),
      important: links('nav[aria-labelledby="footer-important"]'),
      services: links('nav[aria-labelledby="footer-services"]'),
      products: links('nav[aria-labelledby="footer-products"]'),
      text: element.textContent?.replace(/\s+/g, ' ') ?? '',
    };
  });
  expect(footer.address).toContain(`${company.address.suburb} ${company.address.state} ${company.address.postcode}`);
  expect(footer.email).toBe(`mailto:${company.email}`);
  expect(footer.important).toEqual(mainNavigation);
  expect(footer.services).toEqual(entries<{ title: string }>('services').map((service) => [service.data.title, `/${service.id}/`]));
  expect(footer.products.map(([, href]) => href)).toEqual(entries('products').map((product) => `/${product.id}/`));
  expect(footer.text).toContain(`© ${company.copyrightYear} ${company.companyName}`);
}
