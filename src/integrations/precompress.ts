import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { precompressFolder } from '../lib/publishing/precompress.ts';

/**
 * After every other integration has written its files, compresses the built site once for the
 * Node server (server/static-site.ts), into dist/precompressed beside dist/client. Kept apart so
 * that the folder the CDN publishes holds only the site; CDNs compress by themselves. Copies are
 * kept in Astro's cache folder, so a rebuild compresses only what changed.
 */
export function precompress(): AstroIntegration {
  let cacheFolder: string;
  return {
    name: 'precompress',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheFolder = fileURLToPath(new URL('precompressed/', config.cacheDir));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const from = fileURLToPath(dir);
        const to = fileURLToPath(new URL('../precompressed/', dir));
        await rm(to, { recursive: true, force: true });
        const { files, bytes, brotliBytes } = await precompressFolder(from, to, { cacheFolder });
        logger.info(`${files} files compressed for the Node server: ${Math.round(bytes / 1000)} kB, ${Math.round(brotliBytes / 1000)} kB with brotli`);
      },
    },
  };
}
