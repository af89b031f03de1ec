import { rename } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { adminTemplatePath } from '../server/editor/admin.ts';

/**
 * Builds the browser editor in GitHub mode (src/admin/) apart from the site, into dist/keystatic/:
 * Astro's build would share chunks between the admin and the public islands, and public pages would
 * load part of it. The page becomes a template that the Worker fills in with the repository.
 */
const root = fileURLToPath(new URL('../src/admin/', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/keystatic/', import.meta.url));

const started = performance.now();
await build({
  configFile: false,
  root,
  base: '/keystatic/',
  logLevel: 'warn',
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
// No page at /keystatic/ itself: without the editor's settings that address is an unknown one.
await rename(`${outDir}index.html`, fileURLToPath(new URL(`../dist${adminTemplatePath}`, import.meta.url)));
console.log(`Built the browser editor into dist/keystatic in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
