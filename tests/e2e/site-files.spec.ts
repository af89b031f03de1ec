import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import decodeIco from 'decode-ico';
import sharp from 'sharp';
import { headersFor, iconCache, pageCache, parseHeaders } from '../../src/lib/publishing/cdn-headers.ts';
import { appleTouchIconSize, faviconSizes, manifestIconSizes, siteFilePaths } from '../../src/lib/publishing/site-files.ts';
import { site } from '../../src/site.config.ts';
import { semanticColours } from '../support/design-tokens.ts';
import { readSecurityTxt } from '../support/security-txt.ts';
import { clientDir } from '../support/site-content.ts';

// The files browsers, phones and researchers ask for by name, as `npm start` serves them; the same
// headers come from _headers, which the server applies as the CDN does (checked at the end).

/** Fetches one of these files, checking that it is there with its type and caching. */
async function served(request: APIRequestContext, path: string, expected: { type: string; caching: string }) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type'], path).toBe(expected.type);
  expect(response.headers()['cache-control'], path).toBe(expected.caching);
  return response;
}

test('/favicon.ico: the mark at 16 and 32 pixels, as an icon, cached for a day', async ({ request }) => {
  const response = await served(request, siteFilePaths.favicon, { type: 'image/vnd.microsoft.icon', caching: iconCache });
  const images = decodeIco(await response.body());
  expect(images.map((image) => [image.width, image.height])).toEqual(faviconSizes.map((size) => [size, size]));
});

// Every page links to it and to the manifest: checked on each page's visit in tests/e2e/every-page.spec.ts.
test('/apple-touch-icon.png: 180 × 180, opaque (a phone rounds it itself)', async ({ request }) => {
  const response = await served(request, siteFilePaths.appleTouchIcon, { type: 'image/png', caching: iconCache });
  const picture = sharp(await response.body());
  expect(await picture.metadata()).toMatchObject({ format: 'png', width: appleTouchIconSize, height: appleTouchIconSize });
  expect((await picture.stats()).isOpaque).toBe(true);
});

test('/site.webmanifest: the company, the design tokens’ colours, and icons that load at their stated sizes', async ({ request }) => {
  const response = await served(request, siteFilePaths.manifest, { type: 'application/manifest+json; charset=utf-8', caching: iconCache });
  const manifest = (await response.json()) as { name: string; short_name: string; theme_color: string; background_color: string; icons: { src: string; sizes: string; type: string }[] };
  const colours = semanticColours();
  expect(manifest).toMatchObject({
    name: site.companyName,
    short_name: site.brand,
    theme_color: colours.get('color-surface-brand')!.light,
    background_color: colours.get('color-surface')!.light,
  });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(manifestIconSizes.map((size) => `${size}x${size}`));
  for (const icon of manifest.icons) {
    const file = await served(request, icon.src, { type: icon.type, caching: iconCache });
    const { width, height } = await sharp(await file.body()).metadata();
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
});

test('/.well-known/security.txt: valid RFC 9116, the site’s contact, not expired', async ({ request }) => {
  const response = await served(request, siteFilePaths.securityTxt, { type: 'text/plain; charset=utf-8', caching: pageCache });
  const { fields, problems } = readSecurityTxt(await response.text());
  expect(problems).toEqual([]);
  expect(fields.get('contact')).toEqual([`mailto:${site.email}`]);
  expect(Date.parse(fields.get('expires')![0]!)).toBeGreaterThan(Date.now());
  expect(fields.get('canonical')).toEqual([new URL(siteFilePaths.securityTxt, site.url).href]);
});

test('the CDN gets the same types and caching from _headers', () => {
  const rules = parseHeaders(readFileSync(`${clientDir}/_headers`, 'utf8'));
  expect(headersFor(rules, siteFilePaths.favicon)).toMatchObject({ 'Content-Type': 'image/vnd.microsoft.icon', 'Cache-Control': iconCache });
  expect(headersFor(rules, siteFilePaths.manifest)).toMatchObject({ 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': iconCache });
  expect(headersFor(rules, siteFilePaths.securityTxt)).toMatchObject({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': pageCache });
});
