import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { searchRoute } from '../../src/lib/content/routes.ts';
import { startWorker } from '../support/worker.ts';
import { budgets } from './budgets.ts';
import { measureClickToPaint } from './click-to-paint.ts';
import { firstRoundTripBytes, firstScreenBytes, measureResponseBytes } from './first-round-trip.ts';
import { measurePage } from './page-weight.ts';
import type { PageResult } from './lighthouse.ts';
import { measurePhoneScreens, phoneScreen } from './phone-length.ts';

/**
 * `npm run audit`: builds the site, serves it on workerd as Cloudflare would, and measures every
 * page of the sitemap and the 404 page against the budgets (tests/audit/budgets.ts): Lighthouse in
 * both colour schemes (tests/audit/lighthouse.ts), each page's first answer as workerd sends it, the JavaScript and CSS each
 * page ships, each product page's length on a phone, and the next page on click. Prints every
 * figure, writes reports/audit.json, and exits 1 when a budget is missed.
 *   npm run audit -- --skip-build     the last build, as it is
 *   npm run audit -- --one-per-kind   Lighthouse on one page of each kind only (CI's gate); every
 *                                     other budget still on every page
 */
const { values } = parseArgs({ options: { 'skip-build': { type: 'boolean', default: false }, 'one-per-kind': { type: 'boolean', default: false } } });
const projectRoot = resolve(import.meta.dirname, '../..');
const distDir = join(projectRoot, 'dist');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

if (!values['skip-build']) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const sitemap = readFileSync(join(distDir, 'sitemap-0.xml'), 'utf8');
// Lighthouse refuses a page answered with 404, so the 404 page is audited where workerd answers it with 200.
const paths = [...[...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map(([, path]) => path!), '/404'];
const htmlOf = (path: string) => readFileSync(join(distDir, path === '/404' ? '404.html' : `${path}index.html`), 'utf8');

/**
 * What kind of page a path is: an article, a case study, a product or a service by what its
 * structured data says it is, any other page by its address with its entry's and its number's
 * part left out (all pages by service are one kind, the numbered pages another).
 */
function kindOf(path: string): string {
  const html = htmlOf(path);
  for (const [type, kind] of [['BlogPosting', 'article'], ['CreativeWork', 'case study'], ['SoftwareApplication', 'product'], ['Service', 'service']]) if (html.includes(`"@type":"${type}"`)) return kind!;
  return path.replace(/^(\/\w+\/service\/)[^/]+\//, '$1…/').replace(/\/\d+\/$/, '/N/');
}

/** Lighthouse's pages: every page, or (CI) the largest page of each kind, where a miss would show first. */
const lighthousePaths = values['one-per-kind']
  ? [...Map.groupBy(paths, kindOf).values()].map((group) => group.reduce((largest, path) => (htmlOf(path).length > htmlOf(largest).length ? path : largest)))
  : paths;

/** A Lighthouse pass in a process of its own (tests/audit/lighthouse.ts), its lines shown as they come. */
function lighthousePass(scheme: 'light' | 'dark', origin: string): Promise<PageResult[]> {
  return new Promise((resolvePass, reject) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, 'lighthouse.ts'), '--scheme', scheme, '--origin', origin, ...lighthousePaths], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      for (const line of chunk.toString().split('\n')) if (line && !line.startsWith('RESULTS ')) console.log(line);
    });
    child.on('close', (code) => {
      const results = /^RESULTS (.*)$/m.exec(output);
      if (code !== 0 || !results) reject(new Error(`The ${scheme} Lighthouse pass failed (${code}).`));
      else resolvePass(JSON.parse(results[1]!) as PageResult[]);
    });
  });
}

const state = mkdtempSync(join(tmpdir(), 'audit-'));
const worker = await startWorker(state);
const failures: string[] = [];
const report: Record<string, unknown> = { date: new Date().toISOString(), budgets };
try {
  // Lighthouse in each scheme, one pass after the other: side by side on two cores, each would
  // slow the other's main thread and its Total Blocking Time would measure that.
  console.log(`Lighthouse on ${lighthousePaths.length === paths.length ? 'every page' : `the largest page of each kind (${lighthousePaths.length} of ${paths.length})`} in each scheme, at ${worker.url} (workerd); a page under 100 or missing a floor is measured four times more, each figure the median of five; △ marks a target missed within the floor:`);
  console.log(`${'page'.padEnd(36)} scheme perf a11y  bp  seo    LCP   TBT   CLS  transfer`);
  const passes = [await lighthousePass('light', worker.url), await lighthousePass('dark', worker.url)];
  for (const results of passes) {
    for (const result of results) failures.push(...result.failures.map((failure) => `${result.path} (${result.scheme}): ${failure}`));
    const perfect = results.filter((result) => Object.values(result.scores).every((score) => score === 100)).length;
    console.log(`${results[0]!.scheme} scheme: ${perfect} of ${results.length} pages at 100 in all four categories.`);
  }
  report.lighthouse = passes.flat();

  // Each page's whole first answer as workerd sends it: what the first round trip carries. An
  // article's is what its first screen needs (styles, header, hero, first paragraph).
  const answers = await Promise.all(
    paths.map(async (path) => {
      const answer = await measureResponseBytes(`${worker.url}${path}`);
      const html = htmlOf(path);
      return { path, ...answer, firstScreen: html.includes('"BlogPosting"') ? firstScreenBytes(html, answer.headerBytes, /<div class="article__text[^>]*>[\s\S]*?<\/p>/) : null };
    }),
  );
  for (const answer of answers) {
    const [bytes, what] = answer.firstScreen === null ? [answer.total, 'first answer'] : [answer.firstScreen, 'first screen'];
    if (bytes > firstRoundTripBytes) failures.push(`${answer.path}: ${what} ${bytes} bytes > ${firstRoundTripBytes}`);
  }
  const pages = answers.filter((answer) => answer.firstScreen === null);
  const largest = pages.reduce((most, answer) => (answer.total > most.total ? answer : most));
  console.log(`\nFirst answers (status line, headers and brotli body, as workerd sends them): at most ${largest.total.toLocaleString('en')} bytes (${largest.path}); the budget is ${firstRoundTripBytes.toLocaleString('en')}.`);
  const articles = answers.filter((answer) => answer.firstScreen !== null);
  if (articles.length) {
    console.log(`Articles, whole and up to the end of the first paragraph: ${articles.map((answer) => `${answer.path} ${answer.total.toLocaleString('en')} B, first screen ${answer.firstScreen!.toLocaleString('en')} B`).join('; ')}.`);
  }
  report.firstAnswers = answers;

  // The JavaScript and CSS each page ships.
  const weights = paths.map((path) => ({ path, ...measurePage(distDir, join(distDir, path === '/404' ? '404.html' : `${path}index.html`)) }));
  for (const { path, js, css } of weights) {
    const budget = budgets.pageWeight[path as keyof typeof budgets.pageWeight] ?? budgets.pageWeight.default;
    if (js > budget.js) failures.push(`${path}: ${js} bytes of JavaScript > ${budget.js}`);
    if (css > budget.css) failures.push(`${path}: ${css} bytes of CSS > ${budget.css}`);
  }
  const most = (kind: 'js' | 'css') => weights.reduce((heaviest, weight) => (weight[kind] > heaviest[kind] ? weight : heaviest));
  console.log(`JavaScript and CSS each page ships (brotli): at most ${most('js').js.toLocaleString('en')} B of JavaScript (${most('js').path}) and ${most('css').css.toLocaleString('en')} B of CSS (${most('css').path}).`);
  // Site search's code on the search page alone: every other page's control is a plain form.
  const withSearch = weights.filter((weight) => weight.loadsSearch).map((weight) => weight.path);
  for (const path of withSearch.filter((path) => path !== searchRoute)) failures.push(`${path}: loads site search's code`);
  const search = weights.find((weight) => weight.path === searchRoute);
  console.log(`Site search's code: on ${withSearch.join(', ') || 'no page'} only${search ? ` (${search.js.toLocaleString('en')} B of JavaScript; Pagefind itself loads on the first search: npm run bench)` : ''}.`);
  report.pageWeights = weights;

  // Product pages' length on a phone, and the next page on click.
  const products = paths.filter((path) => /^\/\w+\/$/.test(path) && readFileSync(join(distDir, `${path}index.html`), 'utf8').includes('"SoftwareApplication"'));
  const lengths = await measurePhoneScreens(worker.url, products, chromePath);
  for (const { path, screens } of lengths) if (screens > budgets.productPagePhoneScreens) failures.push(`${path}: ${screens} phone screens long > ${budgets.productPagePhoneScreens}`);
  console.log(`Product pages on a ${phoneScreen.width} × ${phoneScreen.height} phone, footer included: ${lengths.map(({ path, screens }) => `${path} ${screens}`).join(', ')} screens (budget ${budgets.productPagePhoneScreens}).`);
  const homeLinks = [...new Set([...readFileSync(join(distDir, 'index.html'), 'utf8').matchAll(/<main[\s\S]*?<\/main>/g)].flatMap(([main]) => [...main.matchAll(/href="(\/[^"#]+\/)"/g)].map(([, href]) => href!)))];
  const click = await measureClickToPaint(worker.url, homeLinks, chromePath);
  console.log(`Next page on click (${click.links} links on the home page, medians): first paint ${click.hoveredMs} ms after the click when pointed at first (${click.deliveries.join(', ')}), ${click.coldMs} ms when clicked at once.`);
  report.productLengths = lengths;
  report.clickToPaint = click;
} finally {
  await worker.stop();
}

console.log(failures.length ? `\n${failures.length} budget(s) missed:\n  - ${failures.join('\n  - ')}` : '\nEvery budget met.');
mkdirSync(join(projectRoot, 'reports'), { recursive: true });
writeFileSync(join(projectRoot, 'reports/audit.json'), JSON.stringify({ ...report, failures }, null, 2));
console.log('Report: reports/audit.json');
process.exitCode = failures.length ? 1 : 0;
