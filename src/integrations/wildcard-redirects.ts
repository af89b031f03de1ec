import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { formatRedirects, wildcardRules } from '../lib/publishing/redirects.ts';

/**
 * Writes dist/client/_redirects after each build: every page answers for its whole sub-tree
 * (/Cyber/anything → /Cyber/) on a CDN and, through server/static-site.ts, under `npm start` alike.
 */
export function wildcardRedirects(): AstroIntegration {
  return {
    name: 'wildcard-redirects',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const rules = wildcardRules(pages.map((page) => page.pathname));
        await writeFile(new URL('_redirects', dir), formatRedirects(rules));
        logger.info(`_redirects written: ${rules.length} rules for ${rules.length / 3} pages`);
      },
    },
  };
}
