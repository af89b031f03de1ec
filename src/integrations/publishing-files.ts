import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { buildHeadersFile, checkHeadersFileLimits, narrowPolicy, type PagePolicy } from '../lib/publishing/cdn-headers.ts';
import { buildCache } from '../lib/publishing/build-cache.ts';
import { brandColoursOfProject } from './brand-colours.ts';
import { blendWordsOver, headingOf, socialImageBackground, socialImagePath, socialImageSize, socialImageWords, socialImageWordsBand } from '../lib/publishing/social-image.ts';

/** The built HTML file of a page, from the `pathname` Astro reports for it ("" is home, "404" the 404 page). */
function builtFile(pathname: string): string {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  return path === '' ? 'index.html' : path === '404' ? '404.html' : `${path}/index.html`;
}

function builtHtml(dir: URL, pathname: string): Promise<string> {
  return readFile(new URL(builtFile(pathname), dir), 'utf8');
}

/** The address a prerendered page is served from, from its route's pathname ("/404" is the 404 page). */
function servedPath(pathname: string): string {
  if (pathname === '/') return '/';
  if (pathname.replace(/\/+$/, '') === '/404') return '/404.html';
  return `${pathname.replace(/\/+$/, '')}/`;
}

/** Writes _headers from each page's policy; stops the build when the CDN would cut the file short. */
async function writeHeadersFile(dir: URL, policies: PagePolicy[]): Promise<void> {
  if (policies.length === 0) {
    throw new Error('Astro gave no page a Content-Security-Policy: check security.csp in astro.config.mjs, and that DEV is not set in the environment (Astro then builds as in dev, with no policy).');
  }
  const headersFile = buildHeadersFile({ pages: policies });
  const problems = checkHeadersFileLimits(headersFile);
  if (problems.length > 0) throw new Error(`The CDN would not read all of _headers:\n- ${problems.join('\n- ')}`);
  await writeFile(new URL('_headers', dir), headersFile);
}

const policyMeta = /<meta http-equiv="content-security-policy" content="([^"]*)">/i;

/** Takes the policy Astro wrote into a page's <meta> out of the page, and returns it, narrowed to the page's own hashes. */
async function movePolicyOutOfPage(dir: URL, pathname: string): Promise<PagePolicy> {
  const html = await builtHtml(dir, pathname);
  const meta = policyMeta.exec(html);
  if (!meta) throw new Error(`${pathname} has no Content-Security-Policy: check security.csp in astro.config.mjs.`);
  const page = html.replace(meta[0], '');
  await writeFile(new URL(builtFile(pathname), dir), page);
  const policy = meta[1]!.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  return { path: servedPath(pathname), policy: narrowPolicy(policy, page) };
}

/**
 * How a social image is encoded; part of its cache key, so a change of settings draws them again.
 * Quality 80 without an optimised Huffman table: half the time of quality 85 with one, and smaller
 * still (72 KB against 75 KB); the words stay crisp, as a preview at twice its size shows.
 */
const socialImageJpeg = { quality: 80, optimiseCoding: false };
const socialImageRecipe = `jpeg ${JSON.stringify(socialImageJpeg)}`;

/**
 * After each build, writes what the CDN publishes beside the pages: _headers (security headers,
 * each page's own Content-Security-Policy, cache rules) and a 1200×630 social image per page.
 * A _headers file that the CDN would cut short stops the build, naming the limit.
 */
export function publishingFiles({ companyName }: { companyName: string }): AstroIntegration {
  let cacheDir: URL;
  let root: URL;
  let policiesWritten = false;
  return {
    name: 'publishing-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = config.cacheDir;
        root = config.root;
      },
      // With the Node adapter (staticHeaders), Astro hands over each prerendered page's headers
      // here, once the pages are written. Written at once: nothing is kept for a later hook.
      'astro:build:generated': async ({ dir, routeToHeaders }) => {
        const astroPolicies = [...routeToHeaders]
          .filter(([, { route }]) => route.type === 'page')
          .flatMap(([pathname, { headers }]) => {
            const policy = headers.get('Content-Security-Policy');
            return policy ? [{ pathname, policy }] : [];
          });
        if (astroPolicies.length === 0) return;
        policiesWritten = true;
        await writeHeadersFile(dir, await Promise.all(astroPolicies.map(async ({ pathname, policy }) => ({ path: servedPath(pathname), policy: narrowPolicy(policy, await builtHtml(dir, pathname)) }))));
      },
      'astro:build:done': async ({ dir, pages, logger }) => {
        // An adapter without staticHeaders (Cloudflare's) leaves each page's policy in a <meta> at
        // the top of its <head>: moved to _headers here, so both builds publish the same files.
        if (!policiesWritten) await writeHeadersFile(dir, await Promise.all(pages.map(({ pathname }) => movePolicyOutOfPage(dir, `/${pathname}`))));
        await mkdir(new URL('og/', dir), { recursive: true });
        // Kept by what they show: a rebuild of an unchanged page costs a link, not an encode.
        const cache = buildCache(fileURLToPath(new URL('social-images/', cacheDir)));
        // The layer every page shares is drawn once, when a first page needs it; each page draws only its own words over it.
        const background = socialImageBackground(companyName, await brandColoursOfProject(root));
        let backgroundPixels: Promise<Buffer> | undefined;
        // Opaque, so without its alpha channel: the words are blended over RGB.
        const drawBackground = () => sharp(Buffer.from(background)).removeAlpha().raw().toBuffer();
        const { width, height } = socialImageSize;
        // sharp draws and encodes on its own threads; two pages per core keep them busy while
        // others wait on the disk.
        const limit = pLimit(availableParallelism() * 2);
        await Promise.all(
          pages.map(({ pathname }) =>
            limit(async () => {
              const words = socialImageWords(headingOf(await builtHtml(dir, pathname)));
              const target = fileURLToPath(new URL(`.${socialImagePath(`/${pathname}`)}`, dir));
              await cache.writeTo(target, background + words, socialImageRecipe, async () => {
                const wordsPixels = await sharp(Buffer.from(words)).ensureAlpha().raw().toBuffer();
                const pixels = blendWordsOver(await (backgroundPixels ??= drawBackground()), wordsPixels, { width, top: socialImageWordsBand.top });
                return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg(socialImageJpeg).toBuffer();
              });
            }),
          ),
        );
        await cache.prune();
        logger.info(`_headers (one policy per page) and ${pages.length} social images written`);
      },
    },
  };
}
