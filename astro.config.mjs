// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import node from '@astrojs/node';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { site } from './src/site.config.ts';
import { baseCspDirectives } from './src/lib/publishing/cdn-headers.ts';
import { speculationRulesHash } from './src/lib/site/speculation-rules.ts';
import { appearanceScriptHash } from './src/lib/site/appearance-script.ts';
import { hydrateOnIntent } from './src/integrations/hydrate-on-intent/index.ts';
import { publishingFiles } from './src/integrations/publishing-files.ts';
import { plainMdxErrors } from './src/integrations/plain-mdx-errors.ts';
import { wildcardRedirects } from './src/integrations/wildcard-redirects.ts';
import { browserEditing } from './src/integrations/editing.ts';
import { precompress } from './src/integrations/precompress.ts';
import { siteFiles } from './src/integrations/site-files.ts';

/** The contact form's outcome pages: not for search engines (they carry noindex too). */
const outcomePages = ['/MessageSent/', '/MessageNotSent/'];

/**
 * `npm run build:cloudflare` (DEPLOY_TARGET=cloudflare): the same pages, built with the Cloudflare
 * adapter into dist-cloudflare/ for Workers with static assets (wrangler.jsonc); the pages are
 * still rendered in Node, so both builds publish the same files. Otherwise the Node server's build.
 */
const forCloudflare = process.env.DEPLOY_TARGET === 'cloudflare';

/**
 * The Cloudflare adapter gives every chunk a `process` shim meant for the Worker; the browser's
 * chunks need none, and without it they are the Node build's, byte for byte.
 */
const browserChunksWithoutProcessShim = {
  name: 'browser-chunks-without-process-shim',
  applyToEnvironment: (/** @type {{ name: string }} */ environment) => environment.name === 'client',
  outputOptions(/** @type {Record<string, unknown>} */ options) {
    return { ...options, banner: undefined };
  },
};

export default defineConfig({
  site: site.url,
  output: 'static',
  outDir: forCloudflare ? './dist-cloudflare' : './dist',
  session: forCloudflare ? false : undefined,
  // Pages are prerendered for the CDN; only /api/contact runs on demand, inside server/main.ts.
  // The endpoint enforces its own 32 KB limit while reading (413), and stops reading past it.
  // staticHeaders: Astro hands each prerendered page's CSP to the integrations (routeToHeaders)
  // instead of writing a <meta> into the page; publishing-files puts it in _headers.
  adapter: forCloudflare ? cloudflare({ prerenderEnvironment: 'node', imageService: 'custom' }) : node({ mode: 'middleware', bodySizeLimit: 0, staticHeaders: true }),
  security: {
    // A strict Content-Security-Policy for every page, with the hashes of its own inline scripts and
    // styles (no 'unsafe-inline'), sent as a header: _headers for prerendered pages, Astro's own
    // response header for those rendered on demand.
    // Astro does not hash the inline scripts it does not write itself (the speculation rules and the
    // appearance script in <head>): their hashes are added here.
    csp: {
      directives: [...baseCspDirectives()],
      scriptDirective: { hashes: [speculationRulesHash, appearanceScriptHash] },
    },
    // The contact endpoint refuses cross-site posts itself (server/contact/request.ts), against the
    // origin the visitor used. Astro's own check cannot know it behind a proxy: the Node adapter
    // builds the URL from the plain-http hop and ignores X-Forwarded-Proto, so it would refuse
    // every post made over HTTPS.
    checkOrigin: false,
  },
  // Pages are built as folders (/Cyber/index.html) and the server redirects /Cyber to /Cyber/; 'ignore' lets the
  // endpoint answer at /api/contact, without a slash.
  trailingSlash: 'ignore',
  // Inline every page's CSS: no render-blocking stylesheet request before the first paint.
  build: { format: 'directory', inlineStylesheets: 'always' },
  scopedStyleStrategy: 'class',
  integrations: [
    hydrateOnIntent(),
    wildcardRedirects(),
    publishingFiles({ companyName: site.companyName }),
    react(),
    mdx(),
    plainMdxErrors(),
    browserEditing(),
    sitemap({ filter: (page) => !outcomePages.some((path) => page.endsWith(path)) }),
    siteFiles(site),
    // Last, so that it compresses what the others wrote (_headers is not served, but small). Only
    // the Node server sends these copies; Cloudflare compresses by itself.
    ...(forCloudflare ? [] : [precompress()]),
  ],
  image: {
    // WebP at effort 2 instead of sharp's 4: half the encoding time for files about 3% larger, the
    // trade that keeps a case study's pictures within the build's budget (docs/PERFORMANCE.md).
    service: { entrypoint: 'astro/assets/services/sharp', config: { webp: { effort: 2 } } },
  },
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  vite: {
    plugins: forCloudflare ? [browserChunksWithoutProcessShim] : [],
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
