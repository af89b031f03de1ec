import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from '@playwright/test';
import { chromiumFlags } from '../../playwright.config.ts';
import { budgets, type Category } from './budgets.ts';

const categories: Category[] = ['performance', 'accessibility', 'best-practices', 'seo'];
const figureNames = [...categories, 'lcpMs', 'tbtMs', 'cls', 'transferBytes'] as const;
type Figures = Record<(typeof figureNames)[number], number>;
export const median = (numbers: number[]) => numbers.toSorted((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

/**
 * Lighthouse's CPU slowdown for a machine of this benchmark index, from its throttling guide's
 * calculator: its default assumes a fast host, and on a slower one would measure a slower phone than
 * it means to. Never above the default, so a fast machine is measured as before.
 */
function cpuSlowdown(index: number): number {
  const calculated = index >= 1300 ? 3 + (index - 1300) / 233 : index >= 800 ? 2 + (index - 800) / 500 : 1 + (index - 150) / 650;
  return Math.round(Math.min(throttling.mobileSlow4G.cpuSlowdownMultiplier, Math.max(1, calculated)) * 10) / 10;
}

// The pages are static and nothing arrives late, so a short wait for quiet observes all a long
// one would. The back/forward cache audit counts in no score, and its check leaves the page.
const settings = { pauseAfterFcpMs: 0, pauseAfterLoadMs: 250, networkQuietThresholdMs: 250, cpuQuietThresholdMs: 250, skipAudits: ['bf-cache'] };

/**
 * Lighthouse (mobile, simulated slow 4G) on each page, one at a time (Lighthouse cannot run two at
 * once), in a browser of its own that reports the colour scheme given as the system's. A page under
 * 100 or missing a floor is measured four times more and judged on each figure's median: one run
 * can catch a passing disturbance of a shared machine. Prints each page's line as it is measured.
 */
export async function lighthousePass(scheme: 'light' | 'dark', origin: string, paths: string[]) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', ...chromiumFlags, ...(scheme === 'dark' ? ['--force-dark-mode'] : [])] });
  // The machine's benchmark index, for the CPU slowdown: three readings before the first page, then
  // each run's own, the median of all so far, since a shared machine's speed drifts during a pass.
  const indexes: number[] = [];
  const calibration = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const blank = await calibration.contexts()[0]!.newPage();
  for (let run = 0; run < 3; run++) indexes.push(await blank.evaluate(pageFunctions.computeBenchmarkIndex));
  await blank.close();
  await calibration.close();
  const slowdownSaid = () => `this machine's benchmark index is ${Math.round(median(indexes))} (median of ${indexes.length}), so the CPU slowdown is ${cpuSlowdown(median(indexes))}× (Lighthouse's default 4× is meant for an index of 1,533 or more)`;
  console.log(`${scheme} pass: ${slowdownSaid()}.`);

  async function measure(path: string): Promise<{ figures: Figures; foreignRequests: string[] }> {
    // Lighthouse now and then loses its own trace (NO_NAVSTART and kin): such a run measured nothing and is repeated.
    for (let attempt = 1; ; attempt++) {
      const config = { extends: 'lighthouse:default', settings: { ...settings, throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown(median(indexes)) } } };
      const { lhr } = (await lighthouse(`${origin}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories, disableFullPageScreenshot: true }, config))!;
      if (lhr.environment.benchmarkIndex) indexes.push(lhr.environment.benchmarkIndex);
      if (lhr.runtimeError && attempt < 3) continue;
      if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${origin}${path}: ${lhr.runtimeError.message}`);
      const value = (audit: string) => lhr.audits[audit]!.numericValue!;
      const requests = (lhr.audits['network-requests']?.details as { items?: { url: string }[] })?.items ?? [];
      return {
        figures: {
          ...(Object.fromEntries(categories.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)])) as Record<Category, number>),
          lcpMs: Math.round(value('largest-contentful-paint')),
          tbtMs: Math.round(value('total-blocking-time')),
          // As Lighthouse reports it, to three decimals.
          cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
          transferBytes: value('total-byte-weight'),
        },
        foreignRequests: requests.map((request) => request.url).filter((address) => !address.startsWith(origin) && !address.startsWith('data:')),
      };
    }
  }

  /** What fails CI, and what misses the target within the floor; a request to another origin in any run fails. */
  function judged(figures: Figures, foreignRequests: string[]) {
    const [failures, belowTarget]: [string[], string[]] = [[], []];
    for (const category of categories) {
      if (figures[category] < budgets.lighthouse.floor[category]) failures.push(`${category} ${figures[category]} < ${budgets.lighthouse.floor[category]}`);
      else if (figures[category] < 100) belowTarget.push(`${category} ${figures[category]}`);
    }
    for (const [label, value, budget] of [['LCP ms', figures.lcpMs, budgets.metrics.largestContentfulPaintMs], ['TBT ms', figures.tbtMs, budgets.metrics.totalBlockingTimeMs], ['CLS', figures.cls, budgets.metrics.cumulativeLayoutShift]] as const) {
      if (value > budget.floor) failures.push(`${label} ${value} > ${budget.floor}`);
      else if (value > budget.target) belowTarget.push(`${label} ${value} (target ${budget.target})`);
    }
    if (foreignRequests.length) failures.push(`requests to other origins: ${foreignRequests.join(', ')}`);
    return { ...figures, foreignRequests, failures, belowTarget };
  }

  const results: ({ path: string; scheme: string } & ReturnType<typeof judged>)[] = [];
  try {
    for (const path of paths) {
      const runs = [await measure(path)];
      let result = judged(runs[0]!.figures, runs[0]!.foreignRequests);
      if (result.failures.length || categories.some((category) => result[category] < 100)) {
        while (runs.length < 5) runs.push(await measure(path));
        const figures = Object.fromEntries(figureNames.map((name) => [name, median(runs.map((run) => run.figures[name]))])) as Figures;
        result = judged(figures, [...new Set(runs.flatMap((run) => run.foreignRequests))]);
      }
      results.push({ path, scheme, ...result });
      const { lcpMs, tbtMs, cls, transferBytes, failures, belowTarget } = result;
      const scores = categories.map((category) => String(result[category]).padStart(4));
      const metrics = [`${(lcpMs / 1000).toFixed(2)}s`.padStart(6), `${tbtMs}ms`.padStart(6), cls.toFixed(3).padStart(6), `${(transferBytes / 1024).toFixed(1)}KB`.padStart(9)];
      console.log([path.padEnd(36), scheme.padEnd(6), ...scores, ...metrics, failures.length ? ` ✗ ${failures.join('; ')}` : '', belowTarget.length ? ` △ ${belowTarget.join('; ')}` : ''].join(' '));
    }
    console.log(`${scheme} pass, at its end: ${slowdownSaid()}.`);
  } finally {
    chrome.kill();
  }
  const perfect = results.filter((result) => categories.every((category) => result[category] === 100)).length;
  console.log(`${scheme} scheme: ${perfect} of ${results.length} pages at 100 in all four categories.`);
  return results;
}
