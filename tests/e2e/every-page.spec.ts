import { test as base, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { company, entries, paths } from '../support/site.ts';
import { checkPageContent } from './page-content.ts';
import { bandEdgeAndLogos, cardGridProblems, emptyWidths, expectMenuInHeader, firstPaintBackground, mainNavigation, pageBackground as background, recordFirstPaintBackground, viewports } from './support.ts';

// Every page of the sitemap, the 404 page and the thank-you page, loaded once in each colour scheme,
// with every check that concerns a page made on that one load: light with JavaScript on a laptop,
// dark without it on a phone. How accessible each page is, in both schemes, is Lighthouse's (npm run
// audit; axe in the content lane); states only a visitor's actions reach are checked with axe in their own specs.

/**
 * One page for each way of visiting, kept by each test worker from page to page as a visitor's
 * browser would: a new browser context for every page would cost more than the checks themselves.
 * What a page reports (console errors, policy violations) is collected here and read per test.
 */
const test = base.extend<object, { light: { page: Page; problems: string[] }; dark: Page }>({
  light: [
    async ({ browser }, use) => {
      const page = await browser.newPage({ viewport: viewports.desktop, reducedMotion: 'reduce', colorScheme: 'light' });
      const problems: string[] = [];
      // The 404 page's own status is reported as an error too; it is the answer that address must give.
      page.on('console', (message) => message.type() === 'error' && !message.text().includes('status of 404') && problems.push(`console: ${message.text()}`));
      page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
      await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`)));
      await recordFirstPaintBackground(page);
      await use({ page, problems });
      await page.close();
    },
    { scope: 'worker' },
  ],
  dark: [
    async ({ browser }, use) => {
      const page = await browser.newPage({ viewport: viewports.phone, reducedMotion: 'reduce', colorScheme: 'dark', javaScriptEnabled: false });
      await use(page);
      await page.close();
    },
    { scope: 'worker' },
  ],
});

const noEdge = 'rgba(0, 0, 0, 0)';

for (const { path, status } of [...paths.map((path) => ({ path, status: 200 })), { path: '/no-such-page/', status: 404 }, { path: '/MessageSent/', status: 200 }]) {
  test(`${path}: light scheme, JavaScript, laptop: its words, head, headers and policy`, async ({ light: { page, problems }, request }) => {
    problems.length = 0;
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    // The headers every answer carries: no framing, HTTPS only, no sniffing, a careful referrer.
    expect(await response!.allHeaders()).toMatchObject({
      'content-security-policy': "frame-ancestors 'none'", 'strict-transport-security': expect.stringMatching(/^max-age=\d{8,}; includeSubDomains; preload$/), 'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin', 'permissions-policy': expect.stringContaining('camera=()'), 'cross-origin-opener-policy': 'same-origin',
      ...(status === 200 && { 'cache-control': 'public, max-age=0, must-revalidate' }),
    });

    // What the page's head, hero, breadcrumb, policy and footer say, read in one go.
    const seen = await page.evaluate(() => {
      const attribute = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? null;
      const texts = (selector: string) => [...document.querySelectorAll(selector)].map((element) => element.textContent?.trim() ?? '');
      const footer = document.querySelector('footer.site-footer');
      const links = (id: string) => [...document.querySelectorAll(`footer.site-footer nav[aria-labelledby="footer-${id}"] a`)].map((link) => [link.textContent?.trim() ?? '', link.getAttribute('href') ?? '']);
      return {
        title: document.title, lang: document.documentElement.lang,
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
        // Every word of the page, drawn yet or not (innerText leaves out sections not yet near the screen).
        bodyText: [...document.body.querySelectorAll(':not(script, style)')].flatMap((element) => [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent)).join(' '),
        emptyLinks: [...document.querySelectorAll('a')].map((link) => link.getAttribute('href')).filter((href) => href === null || href.trim() === '' || href.trim() === '#'),
        footer: { address: footer?.querySelector('address')?.textContent?.replace(/\s+/g, ' '), email: attribute('footer.site-footer a[href^="mailto:"]', 'href'), text: footer?.textContent?.replace(/\s+/g, ' ') },
        footerLinks: { important: links('important'), services: links('services'), products: links('products').map(([, href]) => href) },
      };
    });
    // The page's own policy: every script and style by its hash, nothing inline allowed wholesale,
    // and no more hashes than the page has inline code.
    expect(seen.policy).toMatch(/^default-src 'self';.*object-src 'none'; font-src 'self'; script-src 'self'( 'sha256-[\w+/=]+')+; style-src 'self'( 'sha256-[\w+/=]+')+$/);
    expect(seen.policy).not.toMatch(/unsafe/);
    expect(seen.policy.match(/'sha256-/g)!.length).toBeLessThanOrEqual(seen.inlineCode);

    // The device's scheme from the first paint, applied by the head script under the page's policy.
    expect(await firstPaintBackground(page)).toBe(background('light'));
    await expect(page.locator('html')).toHaveAttribute('data-appearance', 'system');

    // Its head says the same as its hero, at its own address; the footer every page carries has the
    // company's details and links to every page, service and product.
    expect(seen).toMatchObject({
      lang: 'en-AU', headings: [expect.any(String)],
      title: expect.stringContaining(path === '/' ? company.companyName : (seen.headings[0] ?? 'its heading')),
      description: expect.stringMatching(/\w{3,} \w{3,}/),
      ...(status === 200 && { canonical: `${company.url}${path}`, robots: path === '/MessageSent/' ? 'noindex' : null }),
      og: { 'og:title': seen.title, 'og:description': seen.description, 'og:url': seen.canonical, 'og:image': `${company.url}/social.jpg`, 'twitter:card': 'summary_large_image' },
      icons: ['/favicon.svg', '/apple-touch-icon.png', '/site.webmanifest'], feed: '/Insights/rss.xml', emptyLinks: [],
      footer: { address: expect.stringContaining(`${company.address.suburb} ${company.address.state} ${company.address.postcode}`), email: `mailto:${company.email}`, text: expect.stringContaining(`© 2017–2026 ${company.companyName}`) },
      footerLinks: { important: mainNavigation, services: entries<{ title: string }>('services').map((service) => [service.data.title, `/${service.id}/`]), products: entries('products').map((product) => `/${product.id}/`) },
    });
    expect(seen.bodyText).not.toMatch(/\{\w*\}/);
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

    await checkPageContent(page, path);
    // Every page a buyer reads opens with a picture of its own beside its words, and no section of it
    // leaves more than a third of the row empty beside its content, but an article's reading column.
    const utility = ['/no-such-page/', '/MessageSent/'].includes(path);
    await expect(page.locator('main > header.hero .hero__pictures')).toHaveCount(utility || path === '/Search/' ? 0 : 1);
    if (!utility) expect((await emptyWidths(page)).filter(({ section, empty }) => empty > 0.34 && section !== 'The article')).toEqual([]);
    // Its pictures side by side: none hides part of another.
    const boxes = await page.locator('main > header.hero .hero__pictures > *').evaluateAll((pictures) => pictures.map((picture) => picture.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes.flatMap((a, index) => boxes.slice(index + 1).filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom))).toEqual([]);
    // Every picture loads, also those below the fold.
    const notLoaded = await page.locator('img').evaluateAll((images: HTMLImageElement[]) =>
      Promise.all(images.map((image) => ((image.loading = 'eager'), image.decode().catch(() => undefined).then(() => (image.complete && image.naturalWidth > 0 ? '' : image.currentSrc || image.src))))),
    );
    expect(notLoaded.filter(Boolean)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.desktop.width);
    expect(await cardGridProblems(page)).toEqual([]);
    // In the light, no hairline above the navy bands, and logos as drawn.
    const light = await bandEdgeAndLogos(page);
    expect(light.bandEdges.filter((edge) => edge !== noEdge)).toEqual([]);
    expect(light.logos.filter((logo) => logo.filter !== 'none')).toEqual([]);

    // The menu's script runs under the page's policy too.
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#site-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.mouse.wheel(0, 6000);
    expect(problems).toEqual([]);

    // The social image every page names: a 1200×630 JPEG.
    if (path === '/') expect(await sharp(await (await request.get('/social.jpg')).body()).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
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
    await expect(page.getByRole('group', { name: 'Appearance', includeHidden: true })).toHaveCount(0);
    // No text left unseen (transparent, hidden or not displayed), but what is hidden on purpose:
    // screen-reader-only text, the `hidden` spam trap, and the hero's pictures, left out on a phone.
    const unseen = await page.evaluate(() => {
      const texts = document.evaluate('(//main | //footer)//text()[normalize-space()]', document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE);
      const nodes = Array.from({ length: texts.snapshotLength }, (_, index) => texts.snapshotItem(index)!);
      return nodes.filter(({ parentElement: element }) => element && !element.closest('.visually-hidden, [hidden], script, style, template, .hero__pictures') && !element.checkVisibility({ opacityProperty: true, visibilityProperty: true })).map((node) => node.textContent!.trim());
    });
    expect(unseen).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    expect(await cardGridProblems(page)).toEqual([]);
    // In the dark, a hairline shows where each navy band begins, and client logos are drawn light on a dark tile.
    const dark = await bandEdgeAndLogos(page);
    expect(dark.bandEdges.length).toBeGreaterThan(0);
    expect(dark.bandEdges.filter((edge) => edge === noEdge), dark.bandEdges.join()).toEqual([]);
    for (const logo of dark.logos) {
      const [red, green, blue] = logo.tile.match(/\d+/g)!.map(Number);
      expect((0.2126 * red! + 0.7152 * green! + 0.0722 * blue!) / 255, `a dark tile, not a light sticker (${logo.tile})`).toBeLessThan(0.3);
      const ownDarkVersion = /prefers-color-scheme:\s*dark/.test(await (await page.request.get(logo.src)).text());
      expect(logo.filter.includes('invert'), `${logo.src}: ${ownDarkVersion ? 'drawn for the dark, so not inverted' : 'inverted to light'}`).toBe(!ownDarkVersion);
    }
  });
}
