import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { redirectsFile, wildcardRules } from '../lib/publishing/redirects.ts';

/** Writes _redirects after each build: every page answers for its whole sub-tree (/Cyber/anything → /Cyber/). */
export function wildcardRedirects(): AstroIntegration {
  return {
    name: 'wildcard-redirects',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const rules = wildcardRules(pages.map((page) => page.pathname));
        const { text, problems } = redirectsFile(rules);
        if (problems.length > 0) throw new Error(`Cloudflare would not read all of _redirects:\n- ${problems.join('\n- ')}`);
        await writeFile(new URL('_redirects', dir), text);
        logger.info(`_redirects written: ${rules.length} rules for ${pages.length} pages`);
      },
    },
  };
}
