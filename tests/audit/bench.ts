import { spawnSync } from 'node:child_process';
import { globSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { copyProject, removeProject } from '../support/project-copy.ts';

/**
 * `npm run bench`: what growth costs. In a temporary copy of the project, adds 100 and then 1,000
 * extra project entries, each with its own photo (a 1600×1067 JPEG, as an editor would drop in),
 * builds, and prints build time, time per page and per entry, and peak memory.
 *   npm run bench -- --sizes 0,100,1000
 */
const { values } = parseArgs({ options: { sizes: { type: 'string', default: '0,100,1000' } } });
const sizes = values.sizes.split(',').map(Number);

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
      join(dir, `src/content/projects/bench-${index}.mdx`),
      `---
title: Benchmark project ${index}
summary: A generated project entry that measures what a growing portfolio costs the build, with its own photo.
image:
  src: ../../assets/bench/project-${index}.jpg
  alt: A generated gradient photo for benchmark project ${index}
year: 2024
order: ${1000 + index}
---
`,
    );
  }
}

interface Measurement {
  extra: number;
  pages: number;
  seconds: number;
  peakMb: number;
}

/** Builds a copy in a child process that reports its own peak memory (resident set). */
function build(dir: string): Measurement & { output: string } {
  const script = `import { build } from 'astro';
const started = performance.now();
await build({ root: ${JSON.stringify(dir)}, logLevel: 'error' });
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
  return { extra: 0, pages: globSync(join(dir, 'dist/client/**/*.html')).length, seconds, peakMb, output: result.stdout };
}

const rows: Measurement[] = [];
for (const extra of sizes) {
  const dir = await copyProject();
  try {
    const generated = performance.now();
    await addProjects(dir, extra);
    process.stdout.write(`${extra} extra projects: generated in ${((performance.now() - generated) / 1000).toFixed(1)} s, building… `);
    const measured = { ...build(dir), extra };
    rows.push(measured);
    console.log(`${measured.seconds.toFixed(1)} s`);
  } finally {
    await removeProject(dir);
  }
}

console.log('\nextra projects | pages | build s | ms per page | ms per extra entry | peak memory');
const base = rows.find((row) => row.extra === 0);
for (const row of rows) {
  const perEntry = base && row.extra > 0 ? (((row.seconds - base.seconds) * 1000) / row.extra).toFixed(0) : '–';
  console.log(
    `${String(row.extra).padStart(14)} | ${String(row.pages).padStart(5)} | ${row.seconds.toFixed(1).padStart(7)} | ${((row.seconds * 1000) / row.pages).toFixed(0).padStart(11)} | ${perEntry.padStart(18)} | ${row.peakMb.toFixed(0)} MB`,
  );
}
