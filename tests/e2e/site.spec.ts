import { expect, test } from '@playwright/test';
import decodeIco from 'decode-ico';
import sharp from 'sharp';
import { readSecurityTxt } from '../support/security-txt.ts';
import { findBrokenReferences, validateBuiltHtml } from '../support/site-checks.ts';
import { company, distDir, entries, firstWords, hasCaseStudy, paths, publishedArticles, straightQuotes } from '../support/site.ts';

// The site as a whole, as Cloudflare serves it (here workerd, with the build's _redirects and
// public/_headers): its addresses, the files asked for by name, valid HTML and links that lead
// somewhere. What each page says is checked on its visit in tests/e2e/every-page.spec.ts.

/**
 * Whether an unknown address below this page ends on the 404 page rather than leading to it: when
 * pages live below it, or a page beside it has numbered pages; the few shared patterns of _redirects
 * cannot tell such an address from a page (src/lib/publishing/redirects.ts).
 */
function hasPagesBelow(path: string): boolean {
  const parent = path.replace(/[^/]+\/$/, '');
  return paths.some((other) => other !== path && other.startsWith(path)) || (parent !== '/' && paths.some((other) => other.startsWith(parent) && /^[^/]+\/\d+\/$/.test(other.slice(parent.length))));
}

test('every page’s address without its slash, and everything below it, leads (301) to the page; below a listing of pages, an unknown address is not found', async ({ request }) => {
  for (const path of paths.slice(1)) {
    const below = hasPagesBelow(path);
    for (const variant of [path.slice(0, -1), ...(below ? [] : [`${path}anything`, `${path}anything/`, `${path}deeply/nested/page`])]) {
      const answer = await request.get(variant, { maxRedirects: 0 });
      expect([answer.status(), answer.headers().location], variant).toEqual([301, path]);
    }
    if (below) expect((await request.get(`${path}no-such-project/`, { maxRedirects: 0 })).status()).toBe(404);
  }
  // A path that a browser would read as another host's stays on this site.
  const offSite = await request.get('/.//evil.example/..%2fsomewhere', { maxRedirects: 0 });
  expect(offSite.status()).toBeGreaterThanOrEqual(300);
  if (offSite.headers().location) expect(offSite.headers().location).toMatch(/^\/(?!\/)/);
});

test('an unknown address gets the 404 page, with the site around it', async ({ page }) => {
  for (const path of ['/no-such-page/', '/deeply/nested/missing', '/typo.html']) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.locator('h1')).toHaveText('Page not found');
    await expect(page.locator('footer.site-footer')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  }
});

test('the sitemap lists one page per service and product besides the fixed pages, and robots.txt names it; a project without a text has no page of its own', async ({ request }) => {
  const pages = [...entries('services'), ...entries('products')].map((entry) => `/${entry.id}/`);
  expect(paths).toEqual(expect.arrayContaining([...pages, '/', '/AboutUs/', '/Contact/', '/OurProjects/', '/OurServices/', '/OurProducts/', '/Clients/', '/Insights/']));
  expect(paths).not.toContain('/MessageSent/');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('User-agent: *');
  expect(robots).toContain(`Sitemap: ${company.url}/sitemap-index.xml`);
  // The tests' own content has such projects (tests/support/content-variants.ts).
  const cardOnly = entries('projects').filter((project) => !hasCaseStudy(project));
  expect(cardOnly.length).toBeGreaterThan(0);
  for (const project of cardOnly) expect((await request.get(`/OurProjects/${project.id}/`, { maxRedirects: 0 })).status()).toBe(404);
});

test('the files asked for by name: the icons at their sizes, the manifest in the design’s colours, a valid security.txt; built files that never change under their name are cached for a year', async ({ request }) => {
  const favicon = await request.get('/favicon.ico');
  expect(favicon.headers()['content-type']).toBe('image/vnd.microsoft.icon');
  expect(decodeIco(await favicon.body()).map((image) => [image.width, image.height])).toEqual([[16, 16], [32, 32]]);
  const touchIcon = sharp(await (await request.get('/apple-touch-icon.png')).body());
  expect(await touchIcon.metadata()).toMatchObject({ format: 'png', width: 180, height: 180 });
  expect((await touchIcon.stats()).isOpaque).toBe(true);

  const manifest = (await (await request.get('/site.webmanifest')).json()) as { icons: { src: string; sizes: string }[] };
  expect(manifest).toMatchObject({ name: company.companyName, theme_color: '#0b2545', background_color: '#ffffff' });
  for (const icon of manifest.icons) {
    const { width, height } = await sharp(await (await request.get(icon.src)).body()).metadata();
    expect(`${width}x${height}`).toBe(icon.sizes);
  }

  const security = await request.get('/.well-known/security.txt');
  expect(security.headers()['content-type']).toMatch(/^text\/plain/);
  const { fields } = readSecurityTxt(await security.text());
  expect(fields.get('contact')).toEqual([`mailto:${company.email}`]);
  expect(Date.parse(fields.get('expires')![0]!)).toBeGreaterThan(Date.now());

  const asset = /\/_astro\/[\w.-]+\.(?:js|svg|webp)/.exec(await (await request.get('/')).text())![0];
  expect((await request.get(asset)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('every built page is valid HTML, and every internal link, picture and anchor leads somewhere', async ({ baseURL, request }) => {
  const { files, problems } = await validateBuiltHtml(distDir);
  // Every page, the 404 page, the contact form's two outcome pages (thank you, and what to fix), the menu's contents and each product's demo request.
  expect(files).toBe(paths.length + 4 + entries('products').length);
  expect(problems).toEqual([]);
  const { checked, broken } = await findBrokenReferences(baseURL!, async (path) => {
    const answer = await request.get(path);
    return { status: answer.status(), text: await answer.text() };
  }, [...paths, '/no-such-page/']);
  expect(broken).toEqual([]);
  expect(checked.some((target) => target.startsWith('/_astro/'))).toBe(true);
});

test('the feed carries the 20 newest published articles whole, newest first, with absolute links and pictures that lead somewhere', async ({ page, request }) => {
  const answer = await request.get('/Insights/rss.xml');
  expect(answer.headers()['content-type']).toMatch(/^application\/(rss\+)?xml/);
  // Read by Chromium's own XML parser, as strict as a feed reader.
  const feed = await page.evaluate((text) => {
    const document = new DOMParser().parseFromString(text, 'application/xml');
    const read = (item: Element, name: string) => item.getElementsByTagName(name)[0]?.textContent ?? '';
    const items = [...document.querySelectorAll('item')].map((item) => ({
      fields: ['title', 'description', 'pubDate'].map((name) => read(item, name)),
      link: read(item, 'link'),
      html: item.getElementsByTagNameNS('http://purl.org/rss/1.0/modules/content/', 'encoded')[0]?.textContent ?? '',
    }));
    return { error: document.querySelector('parsererror')?.textContent, items };
  }, await answer.text());
  expect(feed.error).toBeUndefined();
  const newest = publishedArticles().slice(0, 20);
  expect(feed.items.map((item) => item.link)).toEqual(newest.map((article) => `${company.url}/Insights/${article.id}/`));
  for (const [index, { data, body = '' }] of newest.entries()) {
    const { fields: [title, description, pubDate], html } = feed.items[index]!;
    expect([title, description, new Date(pubDate!).toISOString()]).toEqual([data.title, data.summary, data.publishDate.toISOString()]);
    for (const [, heading] of body.matchAll(/^#{2,3} (.+)$/gm)) expect(straightQuotes(html)).toContain(`>${straightQuotes(heading!.trim())}</h`);
    expect(straightQuotes(html)).toContain(firstWords(body));
    const addresses = [...html.matchAll(/\b(?:href|src)="([^"]+)"/g)].map(([, address]) => address!);
    expect(addresses.filter((address) => !/^(https:|mailto:)/.test(address))).toEqual([]);
    for (const address of addresses.filter((address) => address.startsWith(company.url))) expect((await request.get(new URL(address).pathname)).status(), address).toBe(200);
  }
});
