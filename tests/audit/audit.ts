import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startSiteServer } from '../../scripts/site-process.ts';
import { budgets } from './budgets.ts';
import { measureResponseBytes } from './first-round-trip.ts';
import { measurePage } from './page-weight.ts';

/**
 * `npm run audit`: builds the site, serves it compressed on 127.0.0.1 as the CDN would, and for
 * every page in the sitemap plus the 404 page runs Lighthouse (mobile, simulated throttling, three
 * runs, median). Prints one line per page and a summary, writes reports/audit.json, and exits 1
 * when a budget (tests/audit/budgets.ts) is missed. Accessibility (axe), HTML validity and links
 * are checked once, by the browser tests in npm test (tests/e2e).
 *   npm run audit -- --runs 1 --skip-build     a quicker look while working
 */
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, 'skip-build': { type: 'boolean', default: false } } });
const runs = Number(values.runs);
const projectRoot = resolve(import.meta.dirname, '../..');
const clientDir = join(projectRoot, 'dist/client');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const quietChromeFlags = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];

if (!values['skip-build']) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const sitemap = readFileSync(join(clientDir, 'sitemap-0.xml'), 'utf8');
const sitePaths = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map(([, path]) => path!);
// Lighthouse refuses to audit a page answered with status 404, so the 404 page is audited at the
// address of its own file, where the server answers it with 200; its content is the same.
const routes = [...sitePaths, '/404.html'];

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

interface RouteResult {
  path: string;
  scores: Record<Category, number>;
  performanceRange: [number, number];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  /** The page's whole answer (status line, headers, brotli body), as the server sends it. */
  responseBytes: number;
  scriptRequestsBeforeFirstPaint: number;
  foreignRequests: string[];
  failures: string[];
  /** Targets missed without reaching a CI floor: reported, not failed. */
  belowTarget: string[];
}

const site = await startSiteServer({ CONTACT_DATA_DIR: join(projectRoot, 'data/audit') });
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...quietChromeFlags] });
const results: RouteResult[] = [];

try {
  console.log(`Auditing ${routes.length} pages at ${site.url}, Lighthouse ${runs}× each (median)…\n`);
  console.log(`${'page'.padEnd(16)} perf a11y  bp  seo    LCP   TBT   CLS  transfer  1st answer`);
  for (const path of routes) {
    const url = `${site.url}${path}`;
    const lighthouseRuns: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'][] = [];
    for (let run = 0; run < runs; run++) {
      // Lighthouse occasionally loses its own trace (NO_NAVSTART and kin): such a run measured
      // nothing, so it is repeated, up to three times, rather than counted.
      for (let attempt = 1; ; attempt++) {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        if (!result.lhr.runtimeError) {
          lighthouseRuns.push(result.lhr);
          break;
        }
        if (attempt === 3) throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`);
      }
    }
    const score = (category: Category) => median(lighthouseRuns.map((lhr) => Math.round((lhr.categories[category]?.score ?? 0) * 100)));
    const audit = (id: string) => median(lighthouseRuns.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN));
    const performanceScores = lighthouseRuns.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100));

    // Requests and first paint from the median-performance run's own trace.
    const medianRun = lighthouseRuns.find((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100) === score('performance'))!;
    const requests = (medianRun.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; networkRequestTime?: number }[] })?.items ?? [];
    const firstPaint = (medianRun.audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] })?.items?.[0]?.observedFirstContentfulPaint ?? 0;

    const response = await measureResponseBytes(url);
    const result: RouteResult = {
      path,
      responseBytes: response.total,
      scores: Object.fromEntries(categories.map((category) => [category, score(category)])) as Record<Category, number>,
      performanceRange: [Math.min(...performanceScores), Math.max(...performanceScores)],
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: audit('cumulative-layout-shift'),
      transferBytes: audit('total-byte-weight'),
      scriptRequestsBeforeFirstPaint: requests.filter((request) => request.resourceType === 'Script' && (request.networkRequestTime ?? Infinity) < firstPaint).length,
      foreignRequests: requests.map((request) => request.url).filter((requestUrl) => !requestUrl.startsWith(site.url) && !requestUrl.startsWith('data:')),
      failures: [],
      belowTarget: [],
    };

    for (const category of categories) {
      const { [category]: floor } = budgets.lighthouse.floor;
      const { [category]: target } = budgets.lighthouse.target;
      if (result.scores[category] < floor) result.failures.push(`${category} ${result.scores[category]} < floor ${floor}`);
      else if (result.scores[category] < target) result.belowTarget.push(`${category} ${result.scores[category]}`);
    }
    const { metrics } = budgets;
    for (const [label, value, budget, unit] of [
      ['LCP', result.lcpMs, metrics.largestContentfulPaintMs, ' ms'],
      ['TBT', result.tbtMs, metrics.totalBlockingTimeMs, ' ms'],
      ['CLS', result.cls, metrics.cumulativeLayoutShift, ''],
    ] as const) {
      if (value > budget.floor) result.failures.push(`${label} ${value}${unit} > floor ${budget.floor}${unit}`);
      else if (value > budget.target) result.belowTarget.push(`${label} ${value}${unit} (target ${budget.target}${unit})`);
    }
    if (result.responseBytes > budgets.firstRoundTripBytes) result.failures.push(`answer ${result.responseBytes} bytes > ${budgets.firstRoundTripBytes} (one round trip)`);
    if (result.foreignRequests.length > budgets.foreignRequests) result.failures.push(`requests to other origins: ${result.foreignRequests.join(', ')}`);
    if (result.scriptRequestsBeforeFirstPaint > 0) result.failures.push(`${result.scriptRequestsBeforeFirstPaint} script request(s) before the first paint`);
    results.push(result);

    console.log(
      [
        path.padEnd(16),
        String(result.scores.performance).padStart(4),
        String(result.scores.accessibility).padStart(4),
        String(result.scores['best-practices']).padStart(4),
        String(result.scores.seo).padStart(4),
        `${(result.lcpMs / 1000).toFixed(2)}s`.padStart(6),
        `${result.tbtMs}ms`.padStart(6),
        result.cls.toFixed(3).padStart(6),
        `${(result.transferBytes / 1024).toFixed(1)}KB`.padStart(9),
        `${result.responseBytes.toLocaleString('en')} B`.padStart(11),
        result.failures.length ? `  ✗ ${result.failures.join('; ')}` : '',
        result.belowTarget.length ? `  △ ${result.belowTarget.join('; ')}` : '',
      ].join(' '),
    );
  }

  const home = results.find((result) => result.path === '/')!;
  const homeWeight = measurePage(clientDir, join(clientDir, 'index.html'));
  const homeJavascriptBytes = homeWeight.initialJs.brotli;
  if (home.transferBytes > budgets.home.transferBytes) home.failures.push(`home transfer ${home.transferBytes} > ${budgets.home.transferBytes} bytes`);
  if (homeJavascriptBytes > budgets.home.javascriptBytes) home.failures.push(`home JavaScript ${homeJavascriptBytes} > ${budgets.home.javascriptBytes} bytes`);

  const failures = results.flatMap((result) => result.failures.map((failure) => `${result.path}: ${failure}`));
  const metTarget = results.filter((result) => categories.every((category) => result.scores[category] >= budgets.lighthouse.target[category])).length;
  const allTargets = results.filter((result) => result.belowTarget.length === 0 && result.failures.length === 0).length;

  console.log(`\nLighthouse: ${metTarget} of ${results.length} pages at 100 in all four categories (medians of ${runs}).`);
  console.log(`Every target (scores, LCP ≤ 1.2 s, TBT ≤ 50 ms, CLS 0) met on ${allTargets} of ${results.length} pages; △ marks a miss within the CI floor.`);
  const largestAnswer = results.reduce((largest, result) => (result.responseBytes > largest.responseBytes ? result : largest));
  console.log(`First answer (status line, headers and brotli body): at most ${largestAnswer.responseBytes.toLocaleString('en')} bytes (${largestAnswer.path}); the budget is ${budgets.firstRoundTripBytes.toLocaleString('en')}, one round trip.`);
  console.log(`Performance spread across runs: ${results.map((result) => `${result.path} ${result.performanceRange.join('–')}`).join(', ')}`);
  console.log(`Home page: ${(home.transferBytes / 1024).toFixed(1)} KB transferred on load, of which ${(homeJavascriptBytes / 1024).toFixed(1)} KB JavaScript (brotli), no script request before first paint: ${home.scriptRequestsBeforeFirstPaint === 0 ? 'yes' : 'no'}.`);
  console.log(failures.length ? `\n${failures.length} budget(s) missed:\n  - ${failures.join('\n  - ')}` : '\nEvery budget met.');

  mkdirSync(join(projectRoot, 'reports'), { recursive: true });
  writeFileSync(
    join(projectRoot, 'reports/audit.json'),
    JSON.stringify({ date: new Date().toISOString(), runs, budgets, routes: results, home: { transferBytes: home.transferBytes, javascriptBytes: homeJavascriptBytes }, failures }, null, 2),
  );
  console.log('Report: reports/audit.json');
  process.exitCode = failures.length ? 1 : 0;
} finally {
  chrome.kill();
  await site.stop();
}
