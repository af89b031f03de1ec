import { writeFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { redirectsFile, wildcardRules } from '../lib/publishing/redirects.ts';

/** Writes _redirects after each build: every page answers for its whole sub-tree (/Cyber/anything → /Cyber/). */
export function wildcardRedirects(): AstroIntegration {
  return {
    name: 'wildcard-redirects',
    hooks: {
      'astro:build:done': async ({ dir, pages, assets, logger }) => {
        // Files the endpoints wrote inside a page's folder, such as /Insights/rss.xml.
        const files = [...assets.values()].flat().map((file) => `/${relative(fileURLToPath(dir), fileURLToPath(file)).split(sep).join('/')}`);
        const filesBelowPages = files.filter((path) => path.split('/').length > 2 && !path.endsWith('.html'));
        const rules = wildcardRules(pages.map((page) => page.pathname), filesBelowPages);
        const { text, problems } = redirectsFile(rules);
        if (problems.length > 0) throw new Error(`Cloudflare would not read all of _redirects:\n- ${problems.join('\n- ')}`);
        await writeFile(new URL('_redirects', dir), text);
        logger.info(`_redirects written: ${rules.length} rules for ${pages.length} pages`);
      },
    },
  };
}
