// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { writeFile } from 'node:fs/promises';
import { site } from './src/site.config';
import { formatRedirects, wildcardRules } from './src/lib/redirects';

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

export default defineConfig({
  site: site.url,
  output: 'static',
  // Pages are prerendered for the CDN; only /api/contact runs on demand, inside server/main.ts.
  // The endpoint enforces its own 32 KB limit while reading (413), and stops reading past it.
  adapter: node({ mode: 'middleware', bodySizeLimit: 0 }),
  security: {
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
  integrations: [hydrateOnIntent, wildcardRedirects, react(), mdx(), sitemap({ filter: (page) => !outcomePages.some((path) => page.endsWith(path)) })],
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
