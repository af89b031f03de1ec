import { spawnSync } from 'node:child_process';
import { globSync, readdirSync, statSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { chromium } from '@playwright/test';
import { chromiumFlags } from '../../playwright.config.ts';
import { copyProject } from '../support/project-copy.ts';
import { startWorker } from '../support/worker.ts';
import { median } from './lighthouse.ts';

/**
 * `npm run bench`: what growth costs. In a temporary copy of the project, adds 100 and then 1,000
 * extra projects, each with a photo and a case study, and as many articles, as an editor would write
 * them. Builds each copy cold, then again keeping Astro's cache as a CI with a cache would, and prints
 * time per page and per added page (medians of `--runs` builds), peak memory, and for site search the
 * index's size on disk and, on workerd, what a first search fetches and how long it takes.
 *   npm run bench -- --sizes 0,100,1000 --runs 3
 */
const { values } = parseArgs({ options: { sizes: { type: 'string', default: '0,100,1000' }, runs: { type: 'string', default: '3' } } });
// A 100-page difference is as much as two builds of the same copy can differ by on a shared
// machine: each size is built `runs` times (cold, then warm) and the medians are kept.
const [sizes, runs] = [values.sizes.split(',').map(Number), Number(values.runs)];

/** A photo-like JPEG: a gradient with grain, different for every entry, so nothing is cached. */
async function photo(index: number): Promise<Buffer> {
  const [width, height, hue] = [1600, 1067, (index * 47) % 360];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,30%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},60%,60%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${(index * 131) % width}" cy="${(index * 71) % height}" r="300" fill="#fff" opacity=".25"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  for (let offset = 0; offset < data.length; offset += 7) data[offset] = Math.min(255, data[offset]! + ((offset * 2654435761) >>> 28));
  return sharp(data, { raw: info }).jpeg({ quality: 82 }).toBuffer();
}

/** A paragraph of about 60 words, different for every article and paragraph. */
const paragraph = (index: number, part: number) =>
  `Paragraph ${part} of benchmark article ${index}: a small business that moves its tills, payroll or files to new systems asks the same questions every time, about cost, about risk and about who answers the phone when something breaks on a Saturday. This paragraph stands for the answers an article would give, long enough to weigh what a real one does.`;

/** `count` projects, each with its photo and case study, and as many articles. */
async function addEntries(dir: string, count: number): Promise<void> {
  await mkdir(join(dir, 'src/assets/bench'), { recursive: true });
  // Whoever is on the team and whichever services there are, as an editor would pick them.
  const [team, services] = ['team', 'services'].map((folder) => readdirSync(join(dir, 'src/content', folder)).map((name) => name.replace(/\.mdx?$/, '')));
  for (let index = 0; index < count; index++) {
    await writeFile(join(dir, `src/assets/bench/project-${index}.jpg`), await photo(index));
    await writeFile(
      join(dir, `src/content/projects/bench-${index}.md`),
      `---
title: Benchmark project ${index}
summary: A generated project entry that measures what a growing portfolio costs the build, with its own photo.
image:
  src: ../../assets/bench/project-${index}.jpg
  alt: A generated gradient photo for benchmark project ${index}
services: [${services![0]}]
year: 2024
order: ${1000 + index}
figures:
  - value: "+${index % 90}%"
    label: orders per hour
technologies: [Astro, PostgreSQL]
---

## The challenge

A generated project, so that the benchmark builds a case study for it as it would for a real one.

## What we built

A page like every case study: its text, its facts, its figures and its pictures.

## The results

A measurement of what each added page costs the build.
`,
    );
    const parts = Array.from({ length: 10 }, (_, part) => `${part % 3 === 0 ? `## Part ${part}\n\n` : ''}${paragraph(index, part)}`);
    parts.splice(4, 0, `<Callout title="A point set apart">\n  ${paragraph(index, 99)}\n</Callout>`);
    await writeFile(
      join(dir, `src/content/insights/bench-${index}.mdx`),
      `---
title: Benchmark article ${index}
summary: A generated article that measures what a growing Insights section costs the build.
publishDate: ${new Date(Date.UTC(2026, 0, 1 - index)).toISOString().slice(0, 10)}
author: ${team![index % team!.length]}
services:
  - ${services![index % services!.length]}
---
${parts.join('\n\n')}
`,
    );
  }
}

/** Site search on a built copy: its index on disk, then a first search for `word` on workerd in Chromium. */
async function searchFigures(dir: string, word: string) {
  // Pagefind's own UI files left out: the site does not use them.
  const files = globSync('dist/pagefind/**/*', { cwd: dir, withFileTypes: true }).filter((file) => file.isFile() && !/pagefind-(component-ui|modular-ui|ui|highlight)\./.test(file.name));
  const indexBytes = files.reduce((sum, file) => sum + statSync(join(file.parentPath, file.name)).size, 0);
  const worker = await startWorker(join(dir, '.bench-state'), {}, dir);
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumFlags });
  try {
    const page = await browser.newPage();
    // What the browser fetched from /pagefind/, as sent (compressed where it is).
    const fetched: Promise<number>[] = [];
    page.on('requestfinished', (request) => new URL(request.url()).pathname.startsWith('/pagefind/') && fetched.push(request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize)));
    await page.goto(`${worker.url}/Search/`);
    // From the word typed to its results on screen; Pagefind waits for more typing first.
    const typingToResultsMs = await page.evaluate(
      (words) =>
        new Promise<number>((resolve) => {
          const status = document.querySelector('[data-search-status]')!;
          const input = document.querySelector<HTMLInputElement>('#search-words')!;
          const started = performance.now();
          new MutationObserver(() => status.textContent && resolve(performance.now() - started)).observe(status, { childList: true, characterData: true, subtree: true });
          input.value = words;
          input.dispatchEvent(new Event('input'));
        }),
      word,
    );
    return { indexBytes, firstQueryBytes: (await Promise.all(fetched)).reduce((sum, size) => sum + size, 0), typingToResultsMs };
  } finally {
    await browser.close();
    await worker.stop();
  }
}

/**
 * Builds a copy in a child process that reports its own peak memory (resident set). The copy keeps
 * its own cache: the default lies in node_modules, which copies share with this project, and would
 * make a "cold" build warm with whatever an earlier run encoded.
 */
function build(dir: string): { pages: number; seconds: number; peakMb: number } {
  const script = `import { build } from 'astro';
const started = performance.now();
await build({ root: ${JSON.stringify(dir)}, cacheDir: ${JSON.stringify(join(dir, '.astro-cache/'))}, logLevel: 'error' });
console.log('BENCH ' + JSON.stringify({ seconds: (performance.now() - started) / 1000, peakMb: process.resourceUsage().maxRSS / 1024 }));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const line = /^BENCH (.*)$/m.exec(result.stdout);
  if (result.status !== 0 || !line) throw new Error(`The build failed:\n${result.stdout}\n${result.stderr}`);
  return { pages: globSync('dist/**/*.html', { cwd: dir }).length, ...(JSON.parse(line[1]!) as { seconds: number; peakMb: number }) };
}

type Row = { extra: number; pages: number; coldSeconds: number; warmSeconds: number; peakMb: number } & Awaited<ReturnType<typeof searchFigures>>;
const rows: Row[] = [];
for (const extra of sizes) {
  const dir = await copyProject();
  try {
    const generated = performance.now();
    await addEntries(dir, extra);
    process.stdout.write(`${extra} extra projects and articles: generated in ${((performance.now() - generated) / 1000).toFixed(1)} s, building`);
    const [cold, warm]: [ReturnType<typeof build>[], ReturnType<typeof build>[]] = [[], []];
    for (let run = 0; run < runs; run++) {
      await rm(join(dir, '.astro-cache'), { recursive: true, force: true });
      await rm(join(dir, 'dist'), { recursive: true, force: true });
      // The previous build's output (hundreds of MB at 1,000 projects) is flushed to disk first, so
      // that its writeback does not land in this build's time.
      spawnSync('sync');
      cold.push(build(dir));
      warm.push(build(dir));
      process.stdout.write(` · ${cold.at(-1)!.seconds.toFixed(1)} s cold, ${warm.at(-1)!.seconds.toFixed(1)} s warm`);
    }
    console.log('');
    const [coldSeconds, warmSeconds] = [cold, warm].map((builds) => median(builds.map((build) => build.seconds))) as [number, number];
    // A word every added project has, and that the site's own pages use too.
    const search = await searchFigures(dir, 'project');
    rows.push({ extra, pages: cold[0]!.pages, coldSeconds, warmSeconds, peakMb: Math.max(...[...cold, ...warm].map((build) => build.peakMb)), ...search });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// Goals (issues #14, #34): an added page costs at most 60 ms cold and 15 ms warm; peak memory at most 2 GB.
const base = rows.find((row) => row.extra === 0);
const perAddedPage = (row: Row, seconds: 'coldSeconds' | 'warmSeconds') => Math.round(((row[seconds] - base![seconds]) * 1000) / (row.pages - base!.pages));
const table = (columns: (row: Row) => object) => console.table(Object.fromEntries(rows.map((row) => [`${row.extra} extra projects and articles`, columns(row)])));
table((row) => ({
  pages: row.pages,
  'cold s': Number(row.coldSeconds.toFixed(1)),
  'warm s': Number(row.warmSeconds.toFixed(1)),
  'peak memory MB': Math.round(row.peakMb),
  ...(base && row.pages > base.pages && { 'cold ms per added page': perAddedPage(row, 'coldSeconds'), 'warm ms per added page': perAddedPage(row, 'warmSeconds') }),
}));
table((row) => ({ 'search index on disk KB': Math.round(row.indexBytes / 1024), 'fetched for a first search KB': Math.round(row.firstQueryBytes / 1024), 'typing to results ms': Math.round(row.typingToResultsMs) }));
