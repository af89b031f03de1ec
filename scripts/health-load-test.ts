import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startSiteServer } from './site-process.ts';

/**
 * `npm run load-test:health`: does a flood of health checks slow the pages down, or grow the store?
 * Times the home page at a steady rate, first alone and then while another process floods
 * /api/health as fast as the server answers (wrk when it is installed, as the outside audit used;
 * else autocannon), and prints the page's p50 and p99, the health requests answered per second,
 * and the store's write-ahead log before and after.
 *   npm run load-test:health -- --seconds 10 --rate 50 --connections 50
 */
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '50' },
    connections: { type: 'string', default: '50' },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const connections = Number(values.connections);

const dataDir = await mkdtemp(join(tmpdir(), 'health-load-'));
const database = join(dataDir, 'contact.sqlite');
const site = await startSiteServer({ CONTACT_DB: database });
const walSize = () => stat(`${database}-wal`).then(({ size }) => size, () => 0);

/** The home page, requested `rate` times a second for `seconds`, each timed from when it was due. */
async function timeHomePage(): Promise<{ p50: number; p99: number; failed: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const total = Math.round(rate * seconds);
  const answers: Promise<void>[] = [];
  for (let sent = 0; sent < total; sent++) {
    const due = started + (sent * 1000) / rate;
    await new Promise((wait) => setTimeout(wait, Math.max(0, due - performance.now())));
    answers.push(
      new Promise<void>((done) => {
        request(`${site.url}/`, { agent, headers: { 'accept-encoding': 'br' } }, (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 200) latencies.push(performance.now() - due);
            else failed++;
            done();
          });
        })
          .on('error', () => {
            failed++;
            done();
          })
          .end();
      }),
    );
  }
  await Promise.all(answers);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN).toFixed(1));
  return { p50: percentile(50), p99: percentile(99), failed };
}

/** Floods /api/health from another process for the same time; resolves with its requests per second. */
function floodHealth(): Promise<{ tool: string; perSecond: number }> {
  const url = `${site.url}/api/health`;
  const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
  const [command, args, tool] = hasWrk
    ? ['wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, url], 'wrk']
    : [process.execPath, [resolve(import.meta.dirname, '../node_modules/autocannon/autocannon.js'), '-c', String(connections), '-d', String(seconds), '--json', url], 'autocannon'];
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('exit', () => {
      const perSecond = hasWrk ? Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]) : (JSON.parse(output) as { requests: { average: number } }).requests.average;
      done({ tool, perSecond: Math.round(perSecond) });
    });
  });
}

try {
  const walBefore = await walSize();
  const alone = await timeHomePage();
  const [flooded, flood] = await Promise.all([timeHomePage(), floodHealth()]);
  const walAfter = await walSize();
  console.log(`Home page at ${rate} requests per second for ${seconds} s, alone and during a flood of /api/health (${connections} connections, ${flood.tool})`);
  console.log(`  alone             p50 ${alone.p50} ms, p99 ${alone.p99} ms, ${alone.failed} failed`);
  console.log(`  during the flood  p50 ${flooded.p50} ms, p99 ${flooded.p99} ms, ${flooded.failed} failed`);
  console.log(`  health answered   ${flood.perSecond} per second`);
  console.log(`  write-ahead log   ${walBefore} B before, ${walAfter} B after`);
  if (alone.failed + flooded.failed > 0) process.exitCode = 1;
} finally {
  await site.stop();
  await rm(dataDir, { recursive: true, force: true });
}
