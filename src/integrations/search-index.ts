import type { AstroIntegration } from 'astro';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';

/**
 * Site search's index: after every build, Pagefind reads the built pages in the folder the Worker
 * serves (dist/) and writes its index beside them, in /pagefind/, served as static files like the
 * rest. It reads only what a page marks for it (BaseLayout.astro's data-pagefind-* marks), and adds
 * the cards of projects with no case study as results of their own (cardRecords), which the build
 * hands it as /search-records.json (src/pages/search-records.json.ts): read, then removed.
 */
export function searchIndex(): AstroIntegration {
  return {
    name: 'search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        const started = performance.now();
        const { index, errors } = await pagefind.createIndex();
        try {
          if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
          const added = await index.addDirectory({ path: site });
          if (added.errors.length) throw new Error(`Pagefind could not index the built pages: ${added.errors.join('; ')}`);
          const records = join(site, 'search-records.json');
          for (const record of JSON.parse(await readFile(records, 'utf8'))) {
            const card = await index.addCustomRecord(record);
            if (card.errors.length) throw new Error(`Pagefind could not index the card ${record.url}: ${card.errors.join('; ')}`);
          }
          await rm(records);
          const written = await index.writeFiles({ outputPath: join(site, 'pagefind') });
          if (written.errors.length) throw new Error(`Pagefind could not write the search index: ${written.errors.join('; ')}`);
          logger.info(`Indexed ${added.page_count} pages for site search in ${Math.round(performance.now() - started)} ms.`);
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
