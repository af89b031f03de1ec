// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { site } from './src/site.config';
import { baseCspDirectives, buildHeadersFile, cspSourcesOf } from './src/lib/cdn-headers';
import { formatRedirects, wildcardRules } from './src/lib/redirects';
import { headingOf, socialImagePath, socialImageSvg } from './src/lib/social-image';

/**
 * Registers `client:intent` (src/directives/hydrate-on-intent.ts): hydrate an island when a visitor reaches for it.
 * @type {import('astro').AstroIntegration}
 */
const hydrateOnIntent = {
  name: 'hydrate-on-intent',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'intent', entrypoint: './src/directives/hydrate-on-intent.ts' });
    },
  },
};

/**
 * Writes dist/_redirects after each build: every page answers for its whole sub-tree (/Cyber/anything
 * → /Cyber/) on a CDN and, through server/static-site.ts, under `npm start` alike.
 * @type {import('astro').AstroIntegration}
 */
const wildcardRedirects = {
  name: 'wildcard-redirects',
  hooks: {
    'astro:build:done': async ({ dir, pages, logger }) => {
      const rules = wildcardRules(pages.map((page) => page.pathname));
      await writeFile(new URL('_redirects', dir), formatRedirects(rules));
      logger.info(`_redirects written: ${rules.length} rules for ${rules.length / 3} pages`);
    },
  },
};

/** The contact form's outcome pages: not for search engines (they carry noindex too). */
const outcomePages = ['/MessageSent/', '/MessageNotSent/'];

/**
 * The built HTML of a page, from the `pathname` Astro reports for it ("" is home, "404" the 404 page).
 * @param {URL} dir
 * @param {string} pathname
 */
async function builtHtml(dir, pathname) {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  const file = path === '' ? 'index.html' : path === '404' ? '404.html' : `${path}/index.html`;
  return readFile(new URL(file, dir), 'utf8');
}

/**
 * After each build, writes what the CDN publishes beside the pages: _headers (security headers, the
 * CSP with every page's hashes and frame-ancestors, cache rules) and a 1200×630 social image per page.
 * @type {import('astro').AstroIntegration}
 */
const publishingFiles = {
  name: 'publishing-files',
  hooks: {
    'astro:build:done': async ({ dir, pages, logger }) => {
      const htmlByPath = await Promise.all(pages.map(async ({ pathname }) => ({ pathname, html: await builtHtml(dir, pathname) })));
      const pagePaths = htmlByPath.map(({ pathname }) => (pathname === '404' || pathname === '404/' ? '/404.html' : `/${pathname.replace(/^\/+/, '')}`));
      await writeFile(
        new URL('_headers', dir),
        buildHeadersFile({ pagePaths, cspSources: htmlByPath.map(({ html }) => cspSourcesOf(html)), contactFormAction: site.contactFormAction }),
      );
      await mkdir(new URL('og/', dir), { recursive: true });
      for (const { pathname, html } of htmlByPath) {
        const svg = socialImageSvg({ ...headingOf(html), companyName: site.companyName });
        await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(new URL(`.${socialImagePath(`/${pathname}`)}`, dir).pathname);
      }
      logger.info(`_headers and ${htmlByPath.length} social images written`);
    },
  },
};

export default defineConfig({
  site: site.url,
  output: 'static',
  // Pages are prerendered for the CDN; only /api/contact runs on demand, inside server/main.ts.
  // The endpoint enforces its own 32 KB limit while reading (413), and stops reading past it.
  adapter: node({ mode: 'middleware', bodySizeLimit: 0 }),
  security: {
    // A strict Content-Security-Policy in every page's <meta>, with hashes of Astro's inline scripts
    // and styles (no 'unsafe-inline'); the same policy, plus frame-ancestors, goes in _headers.
    csp: { directives: [...baseCspDirectives(site.contactFormAction)] },
    // Astro refuses cross-site form posts. When the pages live on a CDN and the endpoint elsewhere,
    // CONTACT_ALLOWED_ORIGINS (set when building and running) lists the pages' origins instead, and
    // the endpoint applies that list itself (src/lib/contact-request.ts).
    checkOrigin: !process.env.CONTACT_ALLOWED_ORIGINS,
  },
  // Pages are built as folders (/Cyber/index.html) and the server redirects /Cyber to /Cyber/; 'ignore' lets the
  // endpoint answer at /api/contact, without a slash.
  trailingSlash: 'ignore',
  // Inline every page's CSS: no render-blocking stylesheet request before the first paint.
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [hydrateOnIntent, wildcardRedirects, publishingFiles, react(), mdx(), sitemap({ filter: (page) => !outcomePages.some((path) => page.endsWith(path)) })],
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  vite: {
    build: {
      rolldownOptions: {
        onLog(level, log, handler) {
          // MDX modules carry Astro's own "use astro:head-inject" directive; it is harmless noise.
          if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('astro:head-inject')) return;
          handler(level, log);
        },
      },
    },
  },
});
