import { readFile, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { builtFile } from '../lib/publishing/built-file.ts';
import { menuRoute } from '../lib/content/routes.ts';
import { withOwnHashesOnly } from '../lib/publishing/page-policy.ts';

/** After each build, every page's policy narrowed to its own hashes (page-policy.ts). */
export function publishingFiles(): AstroIntegration {
  return {
    name: 'publishing-files',
    hooks: {
      'astro:build:done': async ({ dir, pages: built, logger }) => {
        // The menu's contents are a fragment for the menu to fetch, not a page: no head.
        const pages = built.filter(({ pathname }) => `/${pathname}` !== menuRoute);
        await Promise.all(
          pages.map(async ({ pathname }) => {
            const file = builtFile(dir, pathname);
            const narrowed = withOwnHashesOnly(await readFile(file, 'utf8'));
            if (!narrowed) throw new Error(`/${pathname} has no Content-Security-Policy: check security.csp in astro.config.mjs, and that DEV is not set in the environment.`);
            await writeFile(file, narrowed);
          }),
        );
        logger.info(`${pages.length} pages: policies narrowed to their own hashes`);
      },
    },
  };
}
