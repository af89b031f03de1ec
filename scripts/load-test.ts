import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { localD1File } from '../server/cloudflare/local-d1.ts';
import { openContactStore } from '../server/contact/sqlite.ts';
import { validMessage } from '../tests/support/fixtures.ts';
import { startSiteServer } from './site-process.ts';

/**
 * `npm run load-test`: posts valid enquiries to the contact endpoint of the built site, then counts
 * what reached the store. Prints accepted requests per second, p50 and p99 latency and lost
 * messages (answered "sent" but not stored), which must be zero.
 *   npm run load-test -- --seconds 10 --connections 20 [--json]    as fast as the server takes them
 *   npm run load-test -- --rate 500 [--warmup 1]                    a fixed offered load, per second,
 *                     evenly spaced, timed from when each was due, after a warm-up that is not counted
 *   npm run load-test -- --url http://127.0.0.1:8787 [--store FILE]   a server already running there,
 *                     such as npm run preview:cloudflare started with CONTACT_RATE_LIMIT raised and
 *                     CONTACT_MIN_FILL_SECONDS=0; lost messages are looked up in FILE, by default
 *                     the local Worker's D1 (CLOUDFLARE_STATE)
 */
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    rate: { type: 'string' },
    warmup: { type: 'string', default: '1' },
    json: { type: 'boolean', default: false },
    url: { type: 'string' },
    store: { type: 'string' },
  },
});
const offeredRate = values.rate === undefined ? undefined : Number(values.rate);
if (offeredRate !== undefined && !(offeredRate > 0)) {
  console.error(`--rate must be a number of requests per second above 0; it is "${values.rate}".`);
  process.exit(1);
}

if (values.url && !/^http:\/\/[^/]+\/?$/.test(values.url)) {
  console.error(`--url must be a server's plain-http origin, such as http://127.0.0.1:8787; it is "${values.url}".`);
  process.exit(1);
}

/** Where the posts go, the store they should land in, and how to stop what this script started. */
interface Target {
  origin: string;
  database: string | null;
  /** A store this script did not start is only read: its server may still have it open. */
  readOnly: boolean;
  stop: () => Promise<void>;
}

async function ownNodeServer(): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'contact-load-'));
  const database = join(dataDir, 'contact.sqlite');
  const site = await startSiteServer({ CONTACT_DB: database, CONTACT_RATE_LIMIT: '100000000', CONTACT_MIN_FILL_SECONDS: '0' });
  return { origin: site.url, database, readOnly: false, stop: () => site.stop() };
}

const target: Target = values.url
  ? { origin: values.url.replace(/\/+$/, ''), database: values.store ?? localD1File(), readOnly: true, stop: async () => undefined }
  : await ownNodeServer();

// A subject of this run's own for each post, to tell its messages from any already in the store.
const run = Date.now().toString(36);
let sequence = 0;
const nextSubject = () => `Load test ${run} ${++sequence}`;
const nextBody = () => JSON.stringify({ ...validMessage, subject: nextSubject() });
// The id of every message the endpoint said it stored, to look each one up afterwards.
const acceptedIds: number[] = [];
const warmupSeconds = Number(values.warmup);
const endpoint = `${target.origin}/api/contact`;
const result = offeredRate ? await openLoop(endpoint, offeredRate, Number(values.seconds), warmupSeconds) : await saturate(endpoint);

interface Outcome {
  rejected: number;
  errors: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
}

/** As fast as the server takes them: autocannon, each connection sending its next post as soon as the last is answered. */
async function saturate(url: string): Promise<Outcome> {
  const run = await autocannon({
    url,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        setupRequest: (request) => ({ ...request, body: nextBody() }),
        onResponse: (status, body) => {
          if (status === 200) acceptedIds.push((JSON.parse(body) as { id: number }).id);
        },
      },
    ],
  });
  return { rejected: run.non2xx, errors: run.errors + run.timeouts, latencyP50Ms: run.latency.p50, latencyP99Ms: run.latency.p99 };
}

/**
 * A fixed offered load: one post every 1/rate seconds, on schedule whether or not earlier ones were
 * answered, each timed from when it was due (so a slow answer cannot hide the ones queued behind
 * it). Hand-written because autocannon's rate mode sends each second's quota in one burst at the
 * start of the second, which measures the burst rather than the rate. The first `warmupSeconds`
 * run at the same rate but are not timed: the server's first posts load the endpoint and compile
 * its code, a once-per-process cost that would otherwise be most of the slowest percent.
 */
async function openLoop(url: string, rate: number, seconds: number, warmupSeconds: number): Promise<Outcome> {
  const agent = new Agent({ keepAlive: true, maxSockets: Number(values.connections) * 4 });
  const latencies: number[] = [];
  let rejected = 0;
  let errors = 0;
  const warmup = Math.round(rate * warmupSeconds);
  const total = warmup + Math.round(rate * seconds);
  const started = performance.now();
  const answers: Promise<void>[] = [];
  const post = (due: number, timed: boolean) =>
    new Promise<void>((done) => {
      const body = nextBody();
      const outgoing = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', accept: 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          if (timed) latencies.push(performance.now() - due);
          if (response.statusCode === 200) {
            if (timed) acceptedIds.push((JSON.parse(text) as { id: number }).id);
          } else rejected++;
          done();
        });
      });
      outgoing.on('error', () => {
        errors++;
        done();
      });
      outgoing.end(body);
    });
  let sent = 0;
  await new Promise<void>((finished) => {
    const tick = setInterval(() => {
      const now = performance.now();
      for (let due = started + (sent * 1000) / rate; sent < total && due <= now; due = started + (sent * 1000) / rate) {
        answers.push(post(due, sent >= warmup));
        sent++;
      }
      if (sent >= total) {
        clearInterval(tick);
        finished();
      }
    }, 1);
  });
  await Promise.all(answers);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN);
  return { rejected, errors, latencyP50Ms: percentile(50), latencyP99Ms: percentile(99) };
}
await target.stop();

/** Messages of this run in the store, and those answered "stored" that it does not have; null when there is no store to look in. */
async function lookUp(database: string | null): Promise<{ stored: number; lost: number } | null> {
  if (!database) return null;
  const store = openContactStore(database, { readOnly: target.readOnly });
  try {
    const ofThisRun = (subject: string | undefined) => subject?.startsWith(`Load test ${run} `) === true;
    const stored = (await store.list(Number.MAX_SAFE_INTEGER)).filter((message) => ofThisRun(message.subject)).length;
    let lost = 0;
    for (const id of acceptedIds) if (!ofThisRun((await store.get(id))?.subject)) lost++;
    return { stored, lost };
  } finally {
    await store.close();
  }
}
const found = await lookUp(target.database);
if (!values.url && target.database) await rm(dirname(target.database), { recursive: true, force: true });

const figures = {
  seconds: Number(values.seconds),
  connections: Number(values.connections),
  offeredPerSecond: offeredRate ?? null,
  accepted: acceptedIds.length,
  rejected: result.rejected,
  errors: result.errors,
  acceptedPerSecond: Math.round(acceptedIds.length / Number(values.seconds)),
  latencyP50Ms: result.latencyP50Ms,
  latencyP99Ms: result.latencyP99Ms,
  stored: found?.stored ?? null,
  lost: found?.lost ?? null,
};
if (values.json) console.log(JSON.stringify(figures));
else {
  console.log(
    offeredRate
      ? `Contact endpoint load test: ${offeredRate} posts per second offered for ${figures.seconds} s, after ${warmupSeconds} s of warm-up (not counted)`
      : `Contact endpoint load test: ${figures.connections} connections for ${figures.seconds} s, as fast as it takes them`,
  );
  console.log(`  accepted      ${figures.accepted} (${figures.acceptedPerSecond} per second${offeredRate ? ` of ${offeredRate} offered` : ''})`);
  console.log(`  rejected      ${figures.rejected} non-2xx, ${figures.errors} errors or time-outs`);
  console.log(`  latency       p50 ${figures.latencyP50Ms} ms, p99 ${figures.latencyP99Ms} ms`);
  if (found) {
    console.log(`  stored        ${figures.stored} (including requests still in flight when the clock stopped)`);
    console.log(`  lost messages ${figures.lost}`);
  } else console.log('  lost messages not checked: no store to look in (--store FILE)');
}
if ((figures.lost ?? 0) > 0 || figures.rejected > 0 || figures.errors > 0) process.exitCode = 1;
