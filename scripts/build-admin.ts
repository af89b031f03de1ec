import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { precompressFolder } from '../src/lib/publishing/precompress.ts';

/**
 * Builds the browser editor that the Node server serves in GitHub mode (src/admin/) into
 * dist/admin, apart from the site: Astro's build would share chunks between the admin and the
 * public islands, and public pages would load part of it. dist/admin is never published to the CDN.
 */
const root = fileURLToPath(new URL('../src/admin/', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/admin/', import.meta.url));

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

// Compressed once here, so the server sends the .br/.gz copies as they are and never compresses on a request.
const { bytes, brotliBytes } = await precompressFolder(join(outDir, '_assets'), join(outDir, '_assets'));
const kB = (n: number) => `${Math.round(n / 1000).toLocaleString('en')} kB`;
console.log(`Built the browser editor into dist/admin in ${((performance.now() - started) / 1000).toFixed(1)} s: ${kB(bytes)} of script and style, ${kB(brotliBytes)} with brotli.`);
