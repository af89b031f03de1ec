import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ContactStore } from '../server/contact/store.ts';
import { validMessage } from '../tests/support/fixtures.ts';
import { startSiteServer } from './site-process.ts';

/**
 * `npm run load-test`: posts valid enquiries to the contact endpoint of the built site as fast as
 * it will take them, then counts what reached the store. Prints accepted requests per second, p99
 * latency and lost messages (answered "sent" but not stored), which must be zero.
 *   npm run load-test -- --seconds 10 --connections 20 [--json]
 */
const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' }, json: { type: 'boolean', default: false } },
});

const dataDir = await mkdtemp(join(tmpdir(), 'contact-load-'));
const database = join(dataDir, 'contact.sqlite');
const site = await startSiteServer({ CONTACT_DB: database, CONTACT_RATE_LIMIT: '100000000', CONTACT_MIN_FILL_SECONDS: '0' });

let sequence = 0;
// The id of every message the endpoint said it stored, to look each one up afterwards.
const acceptedIds: number[] = [];
const result = await autocannon({
  url: `${site.url}/api/contact`,
  connections: Number(values.connections),
  duration: Number(values.seconds),
  requests: [
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({ ...validMessage, subject: `Load test ${++sequence}` }),
      }),
      onResponse: (status, body) => {
        if (status === 200) acceptedIds.push((JSON.parse(body) as { id: number }).id);
      },
    },
  ],
});
await site.stop();

const store = new ContactStore(database);
const stored = store.count();
const lost = acceptedIds.filter((id) => store.get(id)?.subject.startsWith('Load test') !== true).length;
store.close();
await rm(dataDir, { recursive: true, force: true });

const figures = {
  seconds: Number(values.seconds),
  connections: Number(values.connections),
  accepted: acceptedIds.length,
  rejected: result.non2xx,
  errors: result.errors + result.timeouts,
  acceptedPerSecond: Math.round(acceptedIds.length / Number(values.seconds)),
  latencyP50Ms: result.latency.p50,
  latencyP99Ms: result.latency.p99,
  stored,
  lost,
};
if (values.json) console.log(JSON.stringify(figures));
else {
  console.log(`Contact endpoint load test: ${figures.connections} connections for ${figures.seconds} s`);
  console.log(`  accepted      ${figures.accepted} (${figures.acceptedPerSecond} per second)`);
  console.log(`  rejected      ${figures.rejected} non-2xx, ${figures.errors} errors or time-outs`);
  console.log(`  latency       p50 ${figures.latencyP50Ms} ms, p99 ${figures.latencyP99Ms} ms`);
  console.log(`  stored        ${figures.stored} (including requests still in flight when the clock stopped)`);
  console.log(`  lost messages ${figures.lost}`);
}
if (figures.lost > 0 || figures.rejected > 0 || figures.errors > 0) process.exitCode = 1;
