import { spawn, spawnSync } from 'node:child_process';
import { globSync, readdirSync, statSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { chromium } from '@playwright/test';
import { chromiumFlags } from '../../playwright.config.ts';
import { copyProject, removeProject } from '../support/project-copy.ts';

/**
 * `npm run bench`: what growth costs. In a temporary copy of the project, adds 100 and then 1,000
 * extra projects, each with its own photo (a 1600×1067 JPEG, as an editor would drop in) and a
 * case study (so its own page), written as the browser editor writes them (Markdown, `.md`), and as
 * many articles (MDX of about 600 words with a callout, one a day back from the first). Builds
 * each copy cold, then again keeping Astro's cache (optimised images) as a CI with a cache would,
 * and prints time per page and per added page (medians of `--runs` builds), and peak memory.
 * Then, for site search: the size of Pagefind's index on disk, and, on workerd in Chromium, the
 * bytes a first search fetches and the time from typing a word to its results.
 *   npm run bench -- --sizes 0,100,1000 --runs 3
 */
const { values } = parseArgs({ options: { sizes: { type: 'string', default: '0,100,1000' }, runs: { type: 'string', default: '3' } } });
const sizes = values.sizes.split(',').map(Number);
// A 100-page difference is a few seconds, as much as two builds of the same copy can differ by on a
// shared machine: each size is built this many times (cold, then warm) and the medians are kept.
const runs = Number(values.runs);

/** A photo-like JPEG: a gradient with grain, different for every entry, so nothing is cached. */
async function photo(index: number): Promise<Buffer> {
  const width = 1600;
  const height = 1067;
  const hue = (index * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,30%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},60%,60%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${(index * 131) % width}" cy="${(index * 71) % height}" r="300" fill="#fff" opacity=".25"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  for (let offset = 0; offset < data.length; offset += 7) data[offset] = Math.min(255, data[offset]! + ((offset * 2654435761) >>> 28));
  return sharp(data, { raw: info }).jpeg({ quality: 82 }).toBuffer();
}

async function addProjects(dir: string, count: number): Promise<void> {
  await mkdir(join(dir, 'src/assets/bench'), { recursive: true });
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
services: [WebApp]
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
  }
}

/** A paragraph of about 60 words, different for every article and paragraph. */
const paragraph = (index: number, part: number) =>
  `Paragraph ${part} of benchmark article ${index}: a small business that moves its tills, payroll or files to new systems asks the same questions every time, about cost, about risk and about who answers the phone when something breaks on a Saturday. This paragraph stands for the answers an article would give, long enough to weigh what a real one does.`;

async function addArticles(dir: string, count: number): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  // Whoever is on the team and whichever services there are, as an editor would pick them.
  const [team, services] = ['team', 'services'].map((folder) => readdirSync(join(dir, 'src/content', folder)).map((name) => name.replace(/\.mdx?$/, '')));
  for (let index = 0; index < count; index++) {
    const parts = Array.from({ length: 10 }, (_, part) => `${part % 3 === 0 ? `## Part ${part}\n\n` : ''}${paragraph(index, part)}`);
    parts.splice(4, 0, `<Callout title="A point set apart">\n  ${paragraph(index, 99)}\n</Callout>`);
    await writeFile(
      join(dir, `src/content/insights/bench-${index}.mdx`),
      `---
title: Benchmark article ${index}
summary: A generated article that measures what a growing Insights section costs the build.
publishDate: ${new Date(Date.UTC(2026, 0, 1) - index * day).toISOString().slice(0, 10)}
author: ${team![index % team!.length]}
services:
  - ${services![index % services!.length]}
---
${parts.join('\n\n')}
`,
    );
  }
}

interface Measurement {
  extra: number;
  pages: number;
  seconds: number;
  /** The same build again, with Astro's cache from the first. */
  warmSeconds: number;
  peakMb: number;
  search: SearchFigures;
}

interface SearchFigures {
  /** The index Pagefind wrote (dist/pagefind/, its own UI files left out: the site does not use them). */
  indexBytes: number;
  /** What the browser fetched from /pagefind/ for the first search, as sent (compressed where it is). */
  firstQueryBytes: number;
  /** From the word typed to its results on screen; Pagefind waits 200 ms for more typing first. */
  typingToResultsMs: number;
}

/** Site search on a built copy: its index on disk, then a first search on workerd in Chromium. */
async function searchFigures(dir: string, word: string): Promise<SearchFigures> {
  const indexBytes = globSync(join(dir, 'dist/pagefind/**/*'))
    .filter((file) => !/pagefind-(component-ui|modular-ui|ui|highlight)\./.test(file) && statSync(file).isFile())
    .reduce((sum, file) => sum + statSync(file).size, 0);
  const port = 4397;
  const server = spawn(process.execPath, ['scripts/start.ts', '--no-build', '--state', join(dir, '.bench-state')], { cwd: dir, env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumFlags });
  try {
    const site = `http://127.0.0.1:${port}`;
    for (let tries = 0; !(await fetch(`${site}/Search/`).then((answer) => answer.ok, () => false)); tries++) {
      if (tries > 120) throw new Error('The copy’s Worker did not start.');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const page = await browser.newPage();
    const fetched: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.startsWith('/pagefind/')) fetched.push(request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize));
    });
    await page.goto(`${site}/Search/`);
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
    const bytes = await Promise.all(fetched);
    return { indexBytes, firstQueryBytes: bytes.reduce((sum, size) => sum + size, 0), typingToResultsMs };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

const cacheDirOf = (dir: string) => join(dir, '.astro-cache/');
const median = (numbers: number[]) => numbers.toSorted((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

/**
 * Builds a copy in a child process that reports its own peak memory (resident set). The copy keeps
 * its own cache: the default lies in node_modules, which copies share with this project, and would
 * make a "cold" build warm with whatever an earlier run encoded.
 */
function build(dir: string): { pages: number; seconds: number; peakMb: number; output: string } {
  const script = `import { build } from 'astro';
const started = performance.now();
await build({ root: ${JSON.stringify(dir)}, cacheDir: ${JSON.stringify(cacheDirOf(dir))}, logLevel: 'error' });
console.log('BENCH ' + JSON.stringify({ seconds: (performance.now() - started) / 1000, peakMb: process.resourceUsage().maxRSS / 1024 }));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: dir,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = result.stdout.split('\n').find((text) => text.startsWith('BENCH '));
  if (result.status !== 0 || !line) throw new Error(`The build failed:\n${result.stdout}\n${result.stderr}`);
  const { seconds, peakMb } = JSON.parse(line.slice(6)) as { seconds: number; peakMb: number };
  return { pages: globSync(join(dir, 'dist/**/*.html')).length, seconds, peakMb, output: result.stdout };
}

const rows: Measurement[] = [];
for (const extra of sizes) {
  const dir = await copyProject();
  try {
    const generated = performance.now();
    await addProjects(dir, extra);
    await addArticles(dir, extra);
    process.stdout.write(`${extra} extra projects and articles: generated in ${((performance.now() - generated) / 1000).toFixed(1)} s, building`);
    const measured: { pages: number; cold: number; warm: number; peakMb: number }[] = [];
    for (let run = 0; run < runs; run++) {
      await rm(cacheDirOf(dir), { recursive: true, force: true });
      await rm(join(dir, 'dist'), { recursive: true, force: true });
      // The previous build's output (hundreds of MB at 1,000 projects) is flushed to disk first, so
      // that its writeback does not land in this build's time.
      spawnSync('sync');
      const cold = build(dir);
      const warm = build(dir);
      process.stdout.write(` · ${cold.seconds.toFixed(1)} s cold, ${warm.seconds.toFixed(1)} s warm`);
      measured.push({ pages: cold.pages, cold: cold.seconds, warm: warm.seconds, peakMb: Math.max(cold.peakMb, warm.peakMb) });
    }
    console.log('');
    // A word every added project has, and that the site's own pages use too.
    const search = await searchFigures(dir, 'project');
    rows.push({
      extra,
      pages: measured[0]!.pages,
      seconds: median(measured.map((run) => run.cold)),
      warmSeconds: median(measured.map((run) => run.warm)),
      peakMb: Math.max(...measured.map((run) => run.peakMb)),
      search,
    });
  } finally {
    await removeProject(dir);
  }
}

// Goals (issues #14, #34): an added page costs at most 60 ms cold and 15 ms warm; peak memory at most 2 GB.
console.log('\nextra projects and articles | pages | cold s | cold ms per added page | warm s | warm ms per added page | peak memory');
const base = rows.find((row) => row.extra === 0);
const perAddedPage = (row: Measurement, seconds: (row: Measurement) => number) =>
  base && row.pages > base.pages ? (((seconds(row) - seconds(base)) * 1000) / (row.pages - base.pages)).toFixed(0) : '–';
for (const row of rows) {
  console.log(
    [
      String(row.extra).padStart(26),
      String(row.pages).padStart(5),
      row.seconds.toFixed(1).padStart(6),
      perAddedPage(row, (measured) => measured.seconds).padStart(22),
      row.warmSeconds.toFixed(1).padStart(6),
      perAddedPage(row, (measured) => measured.warmSeconds).padStart(22),
      `${row.peakMb.toFixed(0)} MB`,
    ].join(' | '),
  );
}

console.log('\nextra projects and articles | search index on disk | fetched for a first search | typing to results');
for (const { extra, search } of rows) {
  console.log([String(extra).padStart(26), `${(search.indexBytes / 1024).toFixed(0)} KB`.padStart(20), `${(search.firstQueryBytes / 1024).toFixed(0)} KB`.padStart(26), `${search.typingToResultsMs.toFixed(0)} ms`].join(' | '));
}
