import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser } from '@playwright/test';
import { chromiumFlags } from '../../playwright.config.ts';
import { firstRoundTripBytes, measureResponseBytes } from '../audit/first-round-trip.ts';
import { wcagTags } from '../e2e/support.ts';
import { findBrokenReferences, validateBuiltHtml } from '../support/site-checks.ts';
import { startWorker, type TestWorker } from '../support/worker.ts';

/**
 * `npm run verify:content`: the checks that an editor's words and pictures can break, and only those,
 * so that a content change is published in minutes (README, "Two lanes"): the build, every link and
 * picture as Cloudflare serves the site (workerd), valid HTML, then axe on every page in both colour
 * schemes. No Lighthouse score: machine noise must not hold back an editor's words. A page whose first
 * answer no longer fits one round trip is named, not refused. Exits 1 on any problem.
 *   npm run verify:content -- --skip-axe          a quicker look: everything but axe
 *   npm run verify:content -- --root <folder>     another copy of the project (tests use this)
 */
const started = performance.now();
const { values } = parseArgs({ options: { root: { type: 'string' }, 'skip-axe': { type: 'boolean', default: false } } });
const projectRoot = resolve(values.root ?? resolve(import.meta.dirname, '../..'));
const distDir = join(projectRoot, 'dist');
const seconds = () => Math.round((performance.now() - started) / 1000);

/** Ends the check: the problems, each with what to do, and the time it took. */
function finish(problems: string[]): never {
  if (problems.length === 0) console.log(`\nContent check passed in ${seconds()} s.`);
  else {
    console.error(`\nContent check failed in ${seconds()} s. ${problems.length === 1 ? 'One thing needs' : `${problems.length} things need`} fixing before the site can be published:\n`);
    for (const problem of problems) console.error(`  - ${problem}`);
    console.error('\nFix them in the browser editor (or the files named), save, and the check runs again. docs/EDITING.md, "When a change does not go live", says more.');
  }
  process.exit(problems.length === 0 ? 0 : 1);
}

async function step<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const stepStarted = performance.now();
  const result = await work();
  console.log(`${name}: ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`);
  return result;
}

// 1. The build reads every entry with its rules and stops at the first mistake, naming the file.
const build = await step('Building the site', () =>
  spawnSync(process.execPath, [join(import.meta.dirname, '../../node_modules/astro/bin/astro.mjs'), 'build'], { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' }, timeout: 300_000 }),
);
if (build.status !== 0) {
  // The build's own message names the file and the field; show it, not the log or a stack trace.
  const output = `${build.stdout}\n${build.stderr}`.split('\n').filter((line) => !/^\s+at |Stack trace:|Location:|Hint:|Error reference:|https:\/\/docs\.astro|file:\/\/|^\s*$/.test(line));
  const first = Math.max(0, output.findIndex((line) => /error|cannot|missing|refers to|points to/i.test(line)));
  finish([`The site could not be built:\n${output.slice(first, first + 20).join('\n')}`]);
}
const paths = [...(await readFile(join(distDir, 'sitemap-0.xml'), 'utf8')).matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map(([, path]) => path!);
/** A page, and the content file it comes from when it is one entry's page (a service, a product, a case study, an article), for messages that name it. */
const where = (path: string) => {
  const [top, below, ...rest] = path.split('/').filter(Boolean);
  const folder = { OurProjects: 'projects', Insights: 'insights' }[top!];
  const entries = folder ? (below && rest.length === 0 ? [`${folder}/${below}`] : []) : below ? [] : [`services/${top}`, `products/${top}`];
  const file = entries.flatMap((entry) => [`src/content/${entry}.md`, `src/content/${entry}.mdx`]).find((candidate) => existsSync(join(projectRoot, candidate)));
  return file ? `${path} (from ${file})` : path;
};

// 2. What the pages link to, as Cloudflare's runtime serves them. The Worker runs in a process
// group of its own, so it is stopped on every way out: the end, a failed step, Ctrl+C or a kill.
const state = await mkdtemp(join(tmpdir(), 'verify-content-'));
const problems: string[] = [];
let worker: Promise<TestWorker> | undefined;
let browser: Browser | undefined;
let interrupted = false;
/** Safe to call twice (a signal in the middle of the finally): stopping a stopped Worker does nothing. */
const cleanUp = async () => {
  await browser?.close();
  // Also a Worker still starting: it is stopped once it is up.
  await (await worker?.catch(() => undefined))?.stop();
  await rm(state, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\nStopped (${signal}); the site on workerd is stopped too.`);
    void cleanUp().finally(() => process.exit(130));
  });
}
try {
  worker = step('Starting the site on workerd', () => startWorker(state, {}, projectRoot));
  const { url } = await worker;
  await step('Links and pictures', async () => {
    const get = (path: string) => fetch(`${url}${path}`).then(async (answer) => ({ status: answer.status, text: await answer.text() }));
    for (const line of (await findBrokenReferences(url, get, [...paths, '/no-such-page/'])).broken) {
      const [from, rest] = line.split(' → ');
      problems.push(`${where(from!)} links to ${rest}: that address is not a page or picture of the site. Correct the link, or remove it.`);
    }
  });
  await step('Valid HTML', async () => problems.push(...(await validateBuiltHtml(distDir)).problems.map((problem) => `Not valid HTML: ${problem}`)));

  // Only once the links and the HTML are right: the first answers, then accessibility.
  if (problems.length === 0) {
    await step('First answers (a warning only)', async () => {
      for (const path of paths) {
        const { total } = await measureResponseBytes(`${url}${path}`);
        if (total > firstRoundTripBytes) console.warn(`  Warning: ${where(path)} answers with ${total} bytes, more than one round trip carries (${firstRoundTripBytes}): it will show a little later on a slow phone. Shorten its text, or split it over two pages.`);
      }
    });
  }
  // 3. Accessibility, on every page in both colour schemes: one page a scheme, two at a time (both cores).
  if (problems.length === 0 && !values['skip-axe']) {
    await step('Accessibility (axe, both colour schemes)', async () => {
      browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumFlags });
      await Promise.all(
        (['light', 'dark'] as const).map(async (colorScheme) => {
          // axe needs a page of a context made here (browser.newPage() gives one it refuses).
          const page = await (await browser!.newContext({ colorScheme, reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } })).newPage();
          for (const path of [...paths, '/no-such-page/']) {
            await page.goto(`${url}${path}`);
            for (const violation of (await new AxeBuilder({ page }).withTags(wcagTags).analyze()).violations) {
              problems.push(`${where(path)}, ${colorScheme} scheme: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join('; ')}). ${violation.helpUrl}`);
            }
          }
          await page.close();
        }),
      );
    });
  }
} catch (error) {
  // A step cut short by the interruption fails as it may: the handler above ends the check.
  if (!interrupted) throw error;
} finally {
  await cleanUp();
}
finish(problems);
