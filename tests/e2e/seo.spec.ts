import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import type { BreadcrumbList, ListItem, Organization, Service, SoftwareApplication } from 'schema-dts';
import { socialImagePath } from '../../src/lib/publishing/social-image.ts';
import { companyPagePaths } from '../../src/lib/publishing/structured-data.ts';
import { site } from '../../src/site.config.ts';
import { clientDir, products, services } from '../support/site-content.ts';
import { pages } from './support.ts';

type JsonLd = { '@type': string } & Record<string, unknown>;

/** Every JSON-LD object a page carries (its script blocks parsed; arrays flattened). */
async function jsonLdOf(page: import('@playwright/test').Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => JSON.parse(text) as JsonLd | JsonLd[]);
}

for (const [path] of pages) {
  test(`${path}: Open Graph and Twitter card tags, and a 1200×630 social image`, async ({ page, request }) => {
    await page.goto(path);
    const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(await meta('property="og:url"')).toBe(canonical);
    expect(await meta('property="og:title"')).toBe(await page.title());
    expect(await meta('property="og:description"')).toBe(await meta('name="description"'));
    expect(await meta('name="twitter:card"')).toBe('summary_large_image');
    const image = (await meta('property="og:image"'))!;
    expect(image).toBe(new URL(socialImagePath(path), site.url).href);
    expect(await meta('name="twitter:image"')).toBe(image);

    const response = await request.get(new URL(image).pathname);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/jpeg');
    const picture = await response.body();
    const { width, height } = await sharp(picture).metadata();
    expect({ width, height }).toEqual({ width: 1200, height: 630 });
    // Drawn for this page (its own heading), not one picture shared by every page.
    if (path !== '/') expect(picture.equals(await (await request.get(socialImagePath('/'))).body())).toBe(false);
  });

  test(`${path}: JSON-LD for the breadcrumb, and the company where the page describes it, matching what the page shows`, async ({ page }) => {
    await page.goto(path);
    const data = await jsonLdOf(page);
    const organization = data.find((item) => item['@type'] === 'Organization') as (Exclude<Organization, string> & JsonLd) | undefined;
    if (companyPagePaths.includes(path)) {
      expect(organization).toMatchObject({ '@id': new URL('/#organization', site.url).href, name: site.companyName, foundingDate: String(site.foundedYear), email: site.email });
      expect(organization!.sameAs).toEqual(site.social.map((profile) => profile.href));
      await expect(page.locator('footer address')).toContainText(String((organization!.address as { addressLocality: string }).addressLocality));
    } else {
      // Other pages refer to the company by its @id (a service's provider, a product's publisher) and do not repeat it.
      expect(organization).toBeUndefined();
    }

    const breadcrumb = data.find((item) => item['@type'] === 'BreadcrumbList') as Exclude<BreadcrumbList, string> & JsonLd;
    const items = breadcrumb.itemListElement as Exclude<ListItem, string>[];
    expect(items[0]).toMatchObject({ position: 1, name: 'Home', item: new URL('/', site.url).href });
    if (path !== '/') {
      const visible = await page.locator('nav[aria-label="Breadcrumb"] li').allTextContents();
      expect(items.map((item) => item.name)).toEqual(visible.map((text) => text.trim()));
      expect(items.at(-1)).toMatchObject({ position: items.length, item: new URL(path, site.url).href });
    }
  });
}

const servicePaths = services.map((service) => `/${service.id}/`);
const productPaths = products.map((product) => `/${product.id}/`);

for (const path of servicePaths) {
  test(`${path} describes itself as a Service provided by the company`, async ({ page }) => {
    await page.goto(path);
    const service = (await jsonLdOf(page)).find((item) => item['@type'] === 'Service') as Exclude<Service, string> & JsonLd;
    expect(service.name).toBe(await page.locator('h1').textContent());
    expect(service.url).toBe(new URL(path, site.url).href);
    expect(service.description).toBe(await page.locator('meta[name="description"]').getAttribute('content'));
    expect(service.provider).toEqual({ '@id': new URL('/#organization', site.url).href });
  });
}

for (const path of productPaths) {
  test(`${path} describes itself as a SoftwareApplication`, async ({ page }) => {
    await page.goto(path);
    const product = (await jsonLdOf(page)).find((item) => item['@type'] === 'SoftwareApplication') as Exclude<SoftwareApplication, string> & JsonLd;
    expect(product.name).toBe(await page.locator('h1').textContent());
    expect(product.url).toBe(new URL(path, site.url).href);
    expect(product.applicationCategory).toBe('BusinessApplication');
  });
}

test('robots.txt allows crawling and names the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('User-agent: *');
  expect(robots).toContain(`Sitemap: ${new URL('/sitemap-index.xml', site.url).href}`);
  const index = readFileSync(join(clientDir, 'sitemap-index.xml'), 'utf8');
  expect(index).toContain(new URL('/sitemap-0.xml', site.url).href);
});

test('the contact form’s outcome pages stay out of search results', async ({ page }) => {
  await page.goto('/MessageSent/');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});
