import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser } from '@playwright/test';
import pLimit from 'p-limit';
import { startSiteServer } from '../../scripts/site-process.ts';
import { readSiteConfig, readSiteContent } from '../../src/lib/content/files.ts';
import { notFoundPage, messageSentPage } from '../../src/lib/pages/fixed-pages.ts';
import { contentProblems, sitePages } from '../../src/lib/pages/site-pages.ts';
import { checkHeadersFileLimits } from '../../src/lib/publishing/cdn-headers.ts';
import { checkRedirectsFileLimits } from '../../src/lib/publishing/redirects.ts';
import { budgets, pageWeightBudget } from '../audit/budgets.ts';
import { measureResponseBytes } from '../audit/first-round-trip.ts';
import { measurePage } from '../audit/page-weight.ts';
import { schemes } from '../support/design-tokens.ts';
import { findBrokenReferences, validateBuiltHtml } from '../support/site-checks.ts';

/**
 * `npm run verify:content`: the checks that an editor's words and pictures can break, and only
 * those, so that a content change can be published in minutes (README, "Two lanes"): every entry
 * valid and every reference resolving, the build, HTML validity, every link and picture resolving,
 * axe on every page in both colour schemes, each page's bytes and first answer within budget, and
 * _headers and _redirects within the CDN's limits. No Lighthouse score (machine noise must not
 * block an editor's words) and no server tests. Every problem is a sentence naming the file to fix.
 * Prints its own wall time; exits 1 on any problem.
 *   npm run verify:content -- --skip-axe          a quicker look: everything but axe
 *   npm run verify:content -- --root <folder>     another copy of the project (tests use this)
 */
const started = performance.now();
const { values } = parseArgs({ options: { root: { type: 'string' }, 'skip-axe': { type: 'boolean', default: false } } });
const projectRoot = resolve(values.root ?? resolve(import.meta.dirname, '../..'));
const clientDir = join(projectRoot, 'dist/client');
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const seconds = () => Math.round((performance.now() - started) / 1000);

/** Ends the check: the problems, each with what to do, and the time it took. */
function finish(problems: string[]): never {
  if (problems.length === 0) {
    console.log(`\nContent check passed in ${seconds()} s.`);
    process.exit(0);
  }
  console.error(`\nContent check failed in ${seconds()} s. ${problems.length === 1 ? 'One thing needs' : `${problems.length} things need`} fixing before the site can be published:\n`);
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error('\nFix them in the browser editor (or the files named), save, and the check runs again. docs/EDITING.md, "When a change does not go live", says more.');
  process.exit(1);
}

/** Runs one step, printing its name and how long it took. */
async function step<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const stepStarted = performance.now();
  const result = await work();
  console.log(`${name}: ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`);
  return result;
}

// 1. The files themselves, before anything is built: the quickest way to a plain message.
const { content, problems: fileProblems } = await step('Reading the content', () => readSiteContent(projectRoot, { site: readSiteConfig(projectRoot) }));
const problems = [...fileProblems, ...(fileProblems.length ? [] : contentProblems(content))];
if (problems.length) finish(problems);

// 2. The site, as it will be published.
const build = await step('Building the site', () =>
  spawnSync(process.execPath, [resolve(import.meta.dirname, '../../node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
    timeout: 300_000,
  }),
);
if (build.status !== 0) {
  // The build's own message names the file and the field; show it, not the log or a stack trace.
  const output = `${build.stdout}\n${build.stderr}`.split('\n').filter((line) => !/^\s+at |Stack trace:|Location:|file:\/\/|^\s*$/.test(line));
  const first = Math.max(0, output.findIndex((line) => /error|cannot|missing|refers to|points to/i.test(line)));
  finish([`The site could not be built:\n${output.slice(first, first + 20).join('\n')}`]);
}

const pages = [
  ...sitePages(content).map((data) => ({ path: data.head.path, source: data.source })),
  { path: '/no-such-page/', source: notFoundPage(content).source },
  { path: '/MessageSent/', source: messageSentPage(content).source },
];
const where = (path: string) => {
  const source = pages.find((page) => page.path === path)?.source;
  return source ? `${path} (from ${source})` : path;
};

// 3. What can be read from the built files.
await step('HTML, page weight and the CDN’s limits', async () => {
  const html = await validateBuiltHtml(clientDir);
  problems.push(...html.problems.map((problem) => `Not valid HTML: ${problem}`));
  problems.push(...checkHeadersFileLimits(await readFile(join(clientDir, '_headers'), 'utf8')));
  problems.push(...checkRedirectsFileLimits(await readFile(join(clientDir, '_redirects'), 'utf8')));
  for (const { path } of pages.filter((page) => page.path !== '/no-such-page/')) {
    const weight = measurePage(clientDir, join(clientDir, path, 'index.html'));
    const budget = pageWeightBudget(path);
    for (const kind of ['initialJs', 'allJs', 'css'] as const) {
      if (weight[kind].brotli > budget[kind].brotli) problems.push(`${where(path)} ships ${weight[kind].brotli} bytes of ${kind === 'css' ? 'CSS' : 'JavaScript'}, over its budget of ${budget[kind].brotli}.`);
    }
  }
});

// 4. What needs the pages served, as a visitor's browser gets them.
const dataDir = await mkdtemp(join(tmpdir(), 'verify-content-'));
const server = await startSiteServer({
  CONTACT_DB: join(dataDir, 'contact.sqlite'),
  SITE_ROOT: clientDir,
  SERVER_ENTRY: join(projectRoot, 'dist/server/entry.mjs'),
  COMPRESSED_ROOT: join(projectRoot, 'dist/precompressed'),
});
let browser: Browser | undefined;
try {
  await step('Links and pictures', async () => {
    const { broken } = await findBrokenReferences(server.url, pages.map((page) => page.path));
    problems.push(...broken.map((line) => {
      const [from, rest] = line.split(' → ');
      return `${where(from!)} links to ${rest}: that address is not a page or picture of the site. Correct the link, or remove it.`;
    }));
  });

  await step('First answers', async () => {
    for (const { path } of pages.filter((page) => page.path !== '/no-such-page/')) {
      const { total } = await measureResponseBytes(`${server.url}${path}`);
      if (total > budgets.firstRoundTripBytes) problems.push(`${where(path)} answers with ${total} bytes, more than one round trip carries (${budgets.firstRoundTripBytes}): shorten its text, or split it over two pages.`);
    }
  });

  if (!values['skip-axe']) await step('Accessibility (axe, both colour schemes)', async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    // Two pages at a time: both cores.
    const limit = pLimit(2);
    await Promise.all(
      pages.flatMap(({ path }) =>
        schemes.map((colorScheme) =>
          limit(async () => {
            const context = await browser!.newContext({ colorScheme, reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
            try {
              const page = await context.newPage();
              await page.goto(`${server.url}${path}`);
              const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
              for (const violation of results.violations) {
                problems.push(`${where(path)}, ${colorScheme} scheme: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join('; ')}). ${violation.helpUrl}`);
              }
            } finally {
              await context.close();
            }
          }),
        ),
      ),
    );
  });
} finally {
  await browser?.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
finish(problems);
