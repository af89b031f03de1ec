// @ts-check
import { defineConfig, fontProviders } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { site } from './src/site.config.ts';
import { cspDirectives } from './src/lib/publishing/page-policy.ts';
import { appearanceScriptHash } from './src/lib/site/appearance-script.ts';
import { publishingFiles } from './src/integrations/publishing-files.ts';
import { browserEditing } from './src/integrations/editing.ts';
import { searchIndex } from './src/integrations/search-index.ts';
import { hydrateOnIntent } from './src/integrations/hydrate-on-intent/index.ts';
import { subsetFontFile } from './src/lib/site/subset-font.ts';

/**
 * lightningcss, which minifies the CSS, does not know CSS scroll markers yet (CardGrid.astro): it
 * keeps them as written but warns on every build. Only that warning is left out.
 */
const scrollMarkersKnown = {
  name: 'scroll-markers-known',
  /** @param {import('vite').ResolvedConfig} config */
  configResolved(config) {
    const warn = config.logger.warn;
    config.logger.warn = (message, options) => (/lightningcss minify\] '(scroll-marker|scroll-marker-group|target-current)' is not recognized/.test(message) ? undefined : warn(message, options));
  },
};

/** The contact form's outcome pages and the products' demo requests (they carry noindex too), and the menu's contents: not for search engines. */
const unlisted = /\/(MessageSent|MessageNotSent|Demo\/[^/]+|menu)\/$/;

// Every page is built ahead of time into dist/, which Cloudflare serves as the Worker's static
// assets (wrangler.jsonc); what runs on demand is the Worker's own code (server/worker.ts).
export default defineConfig({
  site: site.url,
  output: 'static',
  security: {
    // A strict Content-Security-Policy in every page's <meta>, with the hashes of its inline scripts
    // and styles (no 'unsafe-inline'). Astro does not hash the inline scripts it does not write
    // itself (the appearance script in <head>): its hash is added here.
    csp: {
      directives: cspDirectives,
      scriptDirective: { hashes: [appearanceScriptHash] },
    },
  },
  // Pages are built as folders (/Cyber/index.html): Cloudflare serves /Cyber/ and _redirects leads /Cyber there.
  build: { format: 'directory', inlineStylesheets: 'always' },
  scopedStyleStrategy: 'class',
  integrations: [
    hydrateOnIntent(),
    publishingFiles(),
    react(),
    mdx(),
    browserEditing(),
    sitemap({ filter: (page) => !unlisted.test(page) }),
    // Last: it indexes the pages as they are published.
    searchIndex(),
  ],
  // The brand's face for every word (a variable font from npm: one file for every weight), cut to
  // the characters and weights the site uses and served from its own files, with a fallback matched
  // to its widths (global.scss): the fallback draws at once and the face takes its place, moving nothing.
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Manrope',
      cssVariable: '--font-sans',
      display: 'swap',
      fallbacks: ['Manrope fallback', 'sans-serif'],
      optimizedFallbacks: false,
      options: { variants: [{ src: [await subsetFontFile('@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2', { min: 400, max: 800 })], weight: '400 800', style: 'normal' }] },
    },
  ],
  image: {
    // WebP at a lower effort than sharp's default: much quicker for slightly larger files, the trade
    // that keeps a case study's pictures within the build's budget (docs/PERFORMANCE.md).
    service: { entrypoint: 'astro/assets/services/sharp', config: { webp: { effort: 2 } } },
  },
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  vite: {
    plugins: [scrollMarkersKnown],
    build: {
      // Page scripts (the reveal's, the search page's) as files of their own, cached once for every
      // page, rather than copied into each: a page's first response carries what its first screen
      // shows (docs/PERFORMANCE.md, "Why the first answer fits in one round trip"). Other assets keep Vite's rule.
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
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
