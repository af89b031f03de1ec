import { spawnSync } from 'node:child_process';
import { globSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumFlags } from '../../playwright.config.ts';
import { menuRoute, searchRoute } from '../../src/lib/content/routes.ts';
import { startWorker } from '../support/worker.ts';
import { budgets } from './budgets.ts';
import { measureClickToPaint } from './click-to-paint.ts';
import { articleFirstScreenBytes, firstRoundTripBytes, measureResponseBytes } from './first-round-trip.ts';
import { smallestDrawnText, smallestReadableText } from './drawn-text.ts';
import { lighthousePass } from './lighthouse.ts';
import { measurePage } from './page-weight.ts';

/**
 * `npm run audit`: builds the site, serves it on workerd as Cloudflare would, and measures every page
 * of the sitemap and the 404 page against the budgets (budgets.ts), and checks every page with the
 * W3C Nu HTML checker. Prints every figure, writes reports/audit.json, and exits 1 when a budget is
 * missed.
 *   npm run audit -- --skip-build     the last build, as it is
 *   npm run audit -- --one-per-kind   Lighthouse on one page of each kind only (CI's gate); every
 *                                     other budget still on every page
 */
const { values } = parseArgs({ options: { 'skip-build': { type: 'boolean' }, 'one-per-kind': { type: 'boolean' } } });
const projectRoot = resolve(import.meta.dirname, '../..');
const distDir = join(projectRoot, 'dist');
if (!values['skip-build'] && spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' }).status !== 0) process.exit(1);

// Lighthouse refuses a page answered with 404, so the 404 page is audited where workerd answers it with 200.
const paths = [...readFileSync(join(distDir, 'sitemap-0.xml'), 'utf8').matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map(([, path]) => path!).concat('/404');
const pages = paths.map((path) => ({ path, html: readFileSync(join(distDir, path === '/404' ? '404.html' : `${path}index.html`), 'utf8') }));
const largest = <T>(items: T[], size: (item: T) => number) => items.reduce((most, item) => (size(item) > size(most) ? item : most));
const bytes = (count: number) => count.toLocaleString('en');

/** A page's kind as site search files it (a service, a product, a case study, an article), by its filter's mark. */
const searchKind = (html: string) => /data-pagefind-filter="kind:(Service|Product|Project|Article)"/.exec(html)?.[1];

/** A page's kind: as search files it, any other page by its address without its entry's or number's part (by service one kind, numbered another). */
function kindOf({ path, html }: { path: string; html: string }): string {
  return searchKind(html) ?? path.replace(/^(\/\w+\/service\/)[^/]+\//, '$1…/').replace(/\/\d+\/$/, '/N/');
}

/** Lighthouse's pages: every page, or (CI) the largest page of each kind, where a miss would show first. */
const lighthousePaths = values['one-per-kind'] ? [...Map.groupBy(pages, kindOf).values()].map((group) => largest(group, (page) => page.html.length).path) : paths;
// The W3C Nu HTML checker over every built page: no error, but for CSS that it does not know yet
// (transitions of display, view transitions, scroll markers and initial targets; its CSS parser
// stops at them).
const unknownCss = 'CSS: (“transition”: “allow-discrete”|Unrecognized at-rule “@(starting-style|view-transition)”|“(view-transition-name|scroll-marker-group|scroll-initial-target)”|Unknown pseudo-element or pseudo-class “::scroll-marker|Parse Error).*';
// Every built page (the menu's contents are a fragment the menu fetches, not a document).
const documents = globSync(join(distDir, '**/*.html')).filter((file) => !file.endsWith(join(menuRoute, 'index.html')));
const nu = spawnSync('java', ['-jar', fileURLToPath(import.meta.resolve('vnu-jar/build/dist/vnu.jar')), '--errors-only', '--skip-non-html', '--format', 'gnu', '--filterpattern', unknownCss, ...documents], { encoding: 'utf8' });
const nuErrors = nu.stderr.split('\n').filter(Boolean).map((line) => line.replace(`file:${distDir}`, ''));
console.log(`The Nu HTML checker on ${pages.length} pages: ${nuErrors.length} error(s).${nuErrors.map((line) => `\n  ${line}`).join('')}`);
if (nu.status !== 0 && !nuErrors.length) throw new Error(`The Nu HTML checker did not run (${nu.error?.message ?? `exit ${nu.status}`}): it needs Java (Debian's default-jre-headless).`);
const state = mkdtempSync(join(tmpdir(), 'audit-'));
const worker = await startWorker(state);
const failures: string[] = nuErrors.map((line) => `Nu HTML checker: ${line}`);
const report: Record<string, unknown> = { date: new Date().toISOString(), budgets, nuErrors };
try {
  // Lighthouse in each scheme, one pass after the other: side by side on two cores, each would
  // slow the other's main thread and its Total Blocking Time would measure that.
  console.log(`Lighthouse on ${lighthousePaths === paths ? 'every page' : `the largest page of each kind (${lighthousePaths.length} of ${paths.length})`} in each scheme, at ${worker.url} (workerd); a page under 100 or missing a floor is measured four times more, each figure the median of five; △ marks a target missed within the floor:`);
  console.log(`${'page'.padEnd(36)} scheme perf a11y  bp  seo    LCP   TBT   CLS  transfer`);
  const lighthouse = [...(await lighthousePass('light', worker.url, lighthousePaths)), ...(await lighthousePass('dark', worker.url, lighthousePaths))];
  for (const { path, scheme, failures: missed } of lighthouse) failures.push(...missed.map((failure) => `${path} (${scheme}): ${failure}`));
  report.lighthouse = lighthouse;

  // Each page's whole first answer as workerd sends it: what the first round trip carries. An
  // article's is what its first screen needs.
  const answers = await Promise.all(
    pages.map(async ({ path, html }) => {
      const answer = await measureResponseBytes(`${worker.url}${path}`);
      return { path, ...answer, firstScreen: html.includes('"BlogPosting"') ? articleFirstScreenBytes(html, answer.headerBytes) : null };
    }),
  );
  for (const { path, total, firstScreen } of answers) {
    if ((firstScreen ?? total) > firstRoundTripBytes) failures.push(`${path}: ${firstScreen === null ? 'first answer' : 'first screen'} ${firstScreen ?? total} bytes > ${firstRoundTripBytes}`);
  }
  const wholes = answers.filter((answer) => answer.firstScreen === null).sort((a, b) => b.total - a.total);
  console.log(`\nFirst answers (status line, headers and brotli body, as workerd sends them; the budget is ${bytes(firstRoundTripBytes)} bytes), largest first: ${wholes.map((answer) => `${answer.path} ${bytes(answer.total)}`).join(', ')}.`);
  const articles = answers.filter((answer) => answer.firstScreen !== null);
  if (articles.length) console.log(`Articles, whole and up to the end of the first paragraph: ${articles.map((answer) => `${answer.path} ${bytes(answer.total)} B, first screen ${bytes(answer.firstScreen!)} B`).join('; ')}.`);
  report.firstAnswers = answers;

  // The JavaScript and CSS each page ships.
  const weights = pages.map(({ path, html }) => ({ path, ...measurePage(distDir, html) }));
  for (const { path, js, css } of weights) {
    const budget = budgets.pageWeight[path as keyof typeof budgets.pageWeight] ?? budgets.pageWeight.default;
    if (js > budget.js) failures.push(`${path}: ${js} bytes of JavaScript > ${budget.js}`);
    if (css > budget.css) failures.push(`${path}: ${css} bytes of CSS > ${budget.css}`);
  }
  const fonts = largest(weights, (weight) => weight.fonts);
  if (fonts.fonts > budgets.fontBytes) failures.push(`${fonts.path}: ${fonts.fonts} bytes of fonts > ${budgets.fontBytes}`);
  console.log(`Fonts on a first visit: at most ${bytes(fonts.fonts)} B (${fonts.path}).`);
  // The largest JavaScript among pages held to the default budget: the contact and search pages have their own.
  const [js, css] = [largest(weights.filter(({ path }) => !(path in budgets.pageWeight)), (weight) => weight.js), largest(weights, (weight) => weight.css)];
  console.log(`JavaScript and CSS each page ships (brotli): before any interaction at most ${bytes(js.js)} B of JavaScript (${js.path}; ${weights.filter(({ path }) => path in budgets.pageWeight).map(({ path, js }) => `${path} ${bytes(js)} B`).join(', ')}), and ${bytes(css.css)} B of CSS (${css.path}); once a visitor reaches for the menu, ${bytes(largest(weights, (weight) => weight.onIntent).onIntent)} B more (React, the menu's code, styles and contents, Astro's island runtime).`);
  // Site search's code on the search page alone: every other page's control is a plain form.
  const withSearch = weights.filter((weight) => weight.loadsSearch).map((weight) => weight.path);
  for (const path of withSearch.filter((path) => path !== searchRoute)) failures.push(`${path}: loads site search's code`);
  const search = weights.find((weight) => weight.path === searchRoute);
  console.log(`Site search's code: on ${withSearch.join(', ') || 'no page'} only${search ? ` (${bytes(search.js)} B of JavaScript; Pagefind itself loads on the first search: npm run bench)` : ''}.`);
  report.pageWeights = weights;

  // Every page once on a phone (a common handset's screen in CSS pixels): a product page's length,
  // footer included, and the words drawn in SVG pictures as it shows them. Those are marked, not
  // failed: an editor's upload (a client's logo) may carry small words, and no content edit may stop publishing.
  await using browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumFlags });
  const phoneScreen = { width: 390, height: 844 };
  const phone = await browser.newPage({ baseURL: worker.url, viewport: phoneScreen, reducedMotion: 'reduce' });
  const lengths = [];
  const drawn = new Map<string, { path: string; px: number }>();
  // Sections are drawn only as they come near the screen (content-visibility), each held at a
  // placeholder's height till then: read to the end, as a visitor would, for the real length.
  const pageLength = () =>
    phone.evaluate(async () => {
      for (let top = 0; top < document.documentElement.scrollHeight; top += innerHeight / 2) {
        scrollTo(0, top);
        await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
      }
      return document.documentElement.scrollHeight;
    });
  for (const { path, html } of pages) {
    await phone.goto(path);
    if (searchKind(html) === 'Product') lengths.push({ path, screens: Math.round(((await pageLength()) / phoneScreen.height) * 10) / 10 });
    for (const { picture, px } of await smallestDrawnText(phone, distDir)) if (px < (drawn.get(picture)?.px ?? Infinity)) drawn.set(picture, { path, px });
  }
  for (const { path, screens } of lengths) if (screens > budgets.productPagePhoneScreens) failures.push(`${path}: ${screens} phone screens long > ${budgets.productPagePhoneScreens}`);
  console.log(`Product pages on a ${phoneScreen.width} × ${phoneScreen.height} phone, footer included: ${lengths.map(({ path, screens }) => `${path} ${screens}`).join(', ')} screens (budget ${budgets.productPagePhoneScreens}).`);
  report.productLengths = lengths;
  const small = [...drawn].filter(([, { px }]) => px < smallestReadableText);
  console.log(`Words drawn in pictures on the phone: ${drawn.size} pictures, the smallest words ${Math.min(...[...drawn.values()].map(({ px }) => px))} px; △ under ${smallestReadableText} px: ${small.map(([picture, { path, px }]) => `${picture} on ${path} ${px} px`).join(', ') || 'none'}.`);
  report.drawnText = Object.fromEntries(drawn);

  // The next page on click, for each link in the home page's main content.
  const home = pages.find(({ path }) => path === '/')!.html;
  const homeLinks = [...new Set([...home.matchAll(/<main[\s\S]*?<\/main>/g)].flatMap(([main]) => [...main.matchAll(/href="(\/[^"#]+\/)"/g)].map(([, href]) => href!)))];
  const click = (report.clickToPaint = await measureClickToPaint(browser, worker.url, homeLinks));
  console.log(`Next page on click (${click.links} links on the home page, medians): first paint ${click.hoveredMs} ms after the click when pointed at first (${click.deliveries.join(', ')}), ${click.coldMs} ms when clicked at once.`);
} finally {
  await worker.stop();
  rmSync(state, { recursive: true, force: true });
}

console.log(failures.length ? `\n${failures.length} budget(s) missed:\n  - ${failures.join('\n  - ')}` : '\nEvery budget met.');
mkdirSync(join(projectRoot, 'reports'), { recursive: true });
writeFileSync(join(projectRoot, 'reports/audit.json'), JSON.stringify({ ...report, failures }, null, 2));
console.log('Report: reports/audit.json');
process.exitCode = failures.length ? 1 : 0;
