import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { builtFile } from '../lib/publishing/built-file.ts';
import { menuRoute } from '../lib/content/routes.ts';
import { withOwnHashesOnly } from '../lib/publishing/page-policy.ts';
import { brandColours, semanticColoursIn } from '../lib/site/design-tokens.ts';
import { blendWordsOver, headingOf, socialImageBackground, socialImagePath, socialImageSize, socialImageWords, socialImageWordsBand } from '../lib/publishing/social-image.ts';

/** Quicker to encode than sharp's defaults and smaller, the words still crisp (docs/PERFORMANCE.md). */
const socialImageJpeg = { quality: 80, optimiseCoding: false };

/** After each build, every page's policy narrowed to its own hashes (page-policy.ts), and its social image drawn from its heading. */
export function publishingFiles({ companyName }: { companyName: string }): AstroIntegration {
  return {
    name: 'publishing-files',
    hooks: {
      'astro:build:done': async ({ dir, pages: built, logger }) => {
        // The menu's contents are a fragment for the menu to fetch, not a page: no head, no image.
        const pages = built.filter(({ pathname }) => `/${pathname}` !== menuRoute);
        await mkdir(new URL('og/', dir), { recursive: true });
        // The layer every page shares is drawn once, in the brand's colours (the project's tokens.scss); each page draws only its own words over it.
        const colours = brandColours(semanticColoursIn(await readFile(new URL('../styles/tokens.scss', import.meta.url), 'utf8')));
        const background = sharp(Buffer.from(socialImageBackground(companyName, colours))).removeAlpha().raw().toBuffer();
        const { width, height } = socialImageSize;
        // sharp draws and encodes on its own threads; two pages per core keep them busy while others wait on the disk.
        const limit = pLimit(availableParallelism() * 2);
        await Promise.all(
          pages.map(({ pathname }) =>
            limit(async () => {
              const file = builtFile(dir, pathname);
              const html = await readFile(file, 'utf8');
              const narrowed = withOwnHashesOnly(html);
              if (!narrowed) throw new Error(`/${pathname} has no Content-Security-Policy: check security.csp in astro.config.mjs, and that DEV is not set in the environment.`);
              await writeFile(file, narrowed);
              const words = await sharp(Buffer.from(socialImageWords(headingOf(html)))).ensureAlpha().raw().toBuffer();
              const pixels = blendWordsOver(await background, words, { width, top: socialImageWordsBand.top });
              const image = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg(socialImageJpeg).toBuffer();
              await writeFile(fileURLToPath(new URL(`.${socialImagePath(`/${pathname}`)}`, dir)), image);
            }),
          ),
        );
        logger.info(`${pages.length} pages: policies narrowed to their own hashes, social images drawn`);
      },
    },
  };
}
