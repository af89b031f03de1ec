import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { build } from 'vite';

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

// Compressed once here, so the server sends .br/.gz files as they are (sirv) and never compresses on a request.
const assetsDir = join(outDir, '_assets');
let bytes = 0;
let brotliBytes = 0;
for (const name of await readdir(assetsDir)) {
  if (!/\.(js|css)$/.test(name)) continue;
  const body = await readFile(join(assetsDir, name));
  const [brotli, gzipped] = await Promise.all([
    promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    promisify(gzip)(body, { level: 9 }),
  ]);
  await Promise.all([writeFile(join(assetsDir, `${name}.br`), brotli), writeFile(join(assetsDir, `${name}.gz`), gzipped)]);
  bytes += body.length;
  brotliBytes += brotli.length;
}
const kB = (n: number) => `${Math.round(n / 1000).toLocaleString('en')} kB`;
console.log(`Built the browser editor into dist/admin in ${((performance.now() - started) / 1000).toFixed(1)} s: ${kB(bytes)} of script and style, ${kB(brotliBytes)} with brotli.`);
