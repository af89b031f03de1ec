import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import sharp from 'sharp';
import { buildHeadersFile, cspSourcesOf } from '../lib/publishing/cdn-headers.ts';
import { headingOf, socialImagePath, socialImageSvg } from '../lib/publishing/social-image.ts';

/** The built HTML of a page, from the `pathname` Astro reports for it ("" is home, "404" the 404 page). */
function builtHtml(dir: URL, pathname: string): Promise<string> {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  const file = path === '' ? 'index.html' : path === '404' ? '404.html' : `${path}/index.html`;
  return readFile(new URL(file, dir), 'utf8');
}

/**
 * After each build, writes what the CDN publishes beside the pages: _headers (security headers, the
 * CSP with every page's hashes and frame-ancestors, cache rules) and a 1200×630 social image per page.
 */
export function publishingFiles({ companyName, contactFormAction }: { companyName: string; contactFormAction: string }): AstroIntegration {
  return {
    name: 'publishing-files',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const htmlByPath = await Promise.all(pages.map(async ({ pathname }) => ({ pathname, html: await builtHtml(dir, pathname) })));
        const pagePaths = htmlByPath.map(({ pathname }) => (pathname === '404' || pathname === '404/' ? '/404.html' : `/${pathname.replace(/^\/+/, '')}`));
        await writeFile(new URL('_headers', dir), buildHeadersFile({ pagePaths, cspSources: htmlByPath.map(({ html }) => cspSourcesOf(html)), contactFormAction }));
        await mkdir(new URL('og/', dir), { recursive: true });
        for (const { pathname, html } of htmlByPath) {
          const svg = socialImageSvg({ ...headingOf(html), companyName });
          await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(fileURLToPath(new URL(`.${socialImagePath(`/${pathname}`)}`, dir)));
        }
        logger.info(`_headers and ${htmlByPath.length} social images written`);
      },
    },
  };
}
