import { readFile, writeFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { builtFile } from '../lib/publishing/built-file.ts';
import { menuRoute } from '../lib/content/routes.ts';
import { withOwnHashesOnly } from '../lib/publishing/page-policy.ts';
import { redirectsFile, wildcardRules } from '../lib/publishing/redirects.ts';

/**
 * After each build: _redirects, so that every page answers for its whole sub-tree (/Cyber/anything →
 * /Cyber/), and every page's policy narrowed to its own hashes (page-policy.ts).
 */
export function publishingFiles(): AstroIntegration {
  return {
    name: 'publishing-files',
    hooks: {
      'astro:build:done': async ({ dir, pages: built, assets, logger }) => {
        // Files the endpoints wrote inside a page's folder, such as /Insights/rss.xml.
        const files = [...assets.values()].flat().map((file) => `/${relative(fileURLToPath(dir), fileURLToPath(file)).split(sep).join('/')}`);
        const filesBelowPages = files.filter((path) => path.split('/').length > 2 && !path.endsWith('.html'));
        const rules = wildcardRules(built.map((page) => page.pathname), filesBelowPages);
        const { text, problems } = redirectsFile(rules);
        if (problems.length > 0) throw new Error(`Cloudflare would not read all of _redirects:\n- ${problems.join('\n- ')}`);
        await writeFile(new URL('_redirects', dir), text);

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
        logger.info(`_redirects written (${rules.length} rules); ${pages.length} pages' policies narrowed to their own hashes`);
      },
    },
  };
}
