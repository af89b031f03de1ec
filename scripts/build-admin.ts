import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { adminPrefix, adminTemplatePath } from '../server/editor/admin.ts';
import { precompressFolder } from '../src/lib/publishing/precompress.ts';

/**
 * Builds the browser editor in GitHub mode (src/admin/) apart from the site: Astro's build would
 * share chunks between the admin and the public islands, and public pages would load part of it.
 *   node scripts/build-admin.ts               into dist/admin, for the Node server, with .br/.gz copies
 *   node scripts/build-admin.ts --cloudflare  into the Cloudflare build's static assets, under
 *                                             /keystatic/_assets/, the page as a template the Worker fills in
 */
const { values } = parseArgs({ options: { cloudflare: { type: 'boolean', default: false } } });
const root = fileURLToPath(new URL('../src/admin/', import.meta.url));
const outDir = fileURLToPath(new URL(values.cloudflare ? '../dist-cloudflare/client/keystatic/' : '../dist/admin/', import.meta.url));

const started = performance.now();
await build({
  configFile: false,
  root,
  base: '/keystatic/',
  logLevel: 'warn',
  mode: 'production',
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: '_assets',
    chunkSizeWarningLimit: 5000,
    reportCompressedSize: false,
    rolldownOptions: {
      onLog(level, log, handler) {
        // Keystatic's packages mark modules "use client" for React Server Components; meaningless here.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
});

const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (values.cloudflare) {
  // No page at /keystatic/ itself: without the editor's settings that address is an unknown one.
  await rename(join(outDir, 'index.html'), join(outDir, adminTemplatePath.slice(`${adminPrefix}/`.length)));
  console.log(`Built the browser editor into the Cloudflare build's assets in ${seconds} s.`);
} else {
  // Compressed once here, so the server sends the .br/.gz copies as they are and never compresses on a request.
  const { bytes, brotliBytes } = await precompressFolder(join(outDir, '_assets'), join(outDir, '_assets'));
  const kB = (n: number) => `${Math.round(n / 1000).toLocaleString('en')} kB`;
  console.log(`Built the browser editor into dist/admin in ${seconds} s: ${kB(bytes)} of script and style, ${kB(brotliBytes)} with brotli.`);
}
