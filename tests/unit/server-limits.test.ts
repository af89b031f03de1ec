import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openContactStore, walSizeLimitBytes } from '../../server/contact/sqlite.ts';
import type { ContactStore } from '../../server/contact/store.ts';
import { createHealthCheck, createHealthPacer, healthProofMs, mayReadHealthDetails, readHealthToken } from '../../server/health.ts';
import { createProblemLog, firstLine } from '../../server/log.ts';
import { allowedMethods, methodNotAllowed, requestTarget } from '../../server/routes.ts';
import { validMessage } from '../support/fixtures.ts';

let folder: string;
let path: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'server-limits-'));
  path = join(folder, 'contact.sqlite');
});
afterEach(() => rm(folder, { recursive: true, force: true }));

/** The health check row's writes: each proof is one. */
function healthWrites(store: ContactStore) {
  let writes = 0;
  const recordHealthCheck = store.recordHealthCheck.bind(store);
  store.recordHealthCheck = (now) => {
    writes += 1;
    return recordHealthCheck(now);
  };
  return () => writes;
}

describe('the health check', () => {
  it('proves the store writable once per proof, however many ask at once, and shares that answer', async () => {
    const store = openContactStore(path);
    const writes = healthWrites(store);
    let clock = 1_000_000;
    const check = createHealthCheck({ store, mailConfigured: false }, { now: () => clock });
    const answers = await Promise.all(Array.from({ length: 500 }, (_, request) => check(request % 2 === 0)));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(writes()).toBe(1);
    clock += healthProofMs - 1;
    await check(false);
    expect(writes()).toBe(1);
    clock += 1;
    expect(await check(false)).toEqual({ ok: true });
    expect(writes()).toBe(2);
    expect(await check(true)).toEqual({ ok: true, store: { writable: true }, mail: { configured: false }, outbox: { pending: 0, oldestPendingSeconds: null } });
    await store.close();
  });

  it('sees a store that cannot be written at the next proof', async () => {
    const store = openContactStore(path);
    let clock = 0;
    const check = createHealthCheck({ store, mailConfigured: true }, { now: () => clock });
    expect((await check(false)).ok).toBe(true);
    // As a full disk or a stuck lock would (tests/e2e/server-operations.spec.ts holds a real lock).
    store.recordHealthCheck = () => Promise.reject(new Error('database is locked'));
    clock += healthProofMs;
    expect(await check(true)).toMatchObject({ ok: false, store: { writable: false }, mail: { configured: true } });
    expect(await check(false)).toEqual({ ok: false });
    await store.close();
  });

  it('answers a monitor at once, and makes a flood from one address wait its turn, with a cap on how many may wait', () => {
    let clock = 0;
    const pacer = createHealthPacer({ perSecond: 10, maxWaiting: 5, now: () => clock });
    // A monitor polling every few seconds never waits.
    for (let poll = 0; poll < 3; poll++, clock += 5_000) {
      const turn = pacer.take('192.0.2.1')!;
      expect(turn.waitMs).toBe(0);
      turn.done();
    }
    // A flood waits 100 ms more for each answer before it, and past five waiting is refused.
    const flood = Array.from({ length: 5 }, () => pacer.take('198.51.100.7')!);
    expect(flood.map((turn) => turn.waitMs)).toEqual([0, 100, 200, 300, 400]);
    expect(pacer.take('198.51.100.7')).toBeNull();
    // Another address is not held up by it.
    expect(pacer.take('203.0.113.8')!.waitMs).toBe(0);
    // Once answered, places free up.
    flood[0]!.done();
    flood[0]!.done();
    clock += 500;
    expect(pacer.take('198.51.100.7')!.waitMs).toBe(0);
  });

  it('shows its details to this machine and to a monitor with the token, and only up or down to anyone else', () => {
    const token = 'a-health-token-of-32-characters!';
    expect(mayReadHealthDetails('127.0.0.1', undefined, null)).toBe(true);
    expect(mayReadHealthDetails('127.8.0.1', undefined, null)).toBe(true);
    expect(mayReadHealthDetails('::1', undefined, null)).toBe(true);
    expect(mayReadHealthDetails('203.0.113.9', undefined, token)).toBe(false);
    expect(mayReadHealthDetails('203.0.113.9', `Bearer ${token}`, token)).toBe(true);
    expect(mayReadHealthDetails('203.0.113.9', `Bearer ${token.slice(0, -1)}`, token)).toBe(false);
    expect(mayReadHealthDetails('203.0.113.9', token, token)).toBe(false);
    expect(mayReadHealthDetails('203.0.113.9', 'Bearer ', null)).toBe(false);
    expect(readHealthToken({})).toBeNull();
    expect(() => readHealthToken({ HEALTH_TOKEN: 'short' })).toThrow(/HEALTH_TOKEN must be 24 characters or more/);
  });
});

describe('the store on disk', () => {
  it('cuts its write-ahead log back to the limit once a burst has been checkpointed', async () => {
    const store = openContactStore(path, { backgroundCheckpoints: true });
    // A burst written faster than the background checkpoint runs grows the log far past the limit
    // (one at a time, each its own commit, as posts spread over time arrive).
    for (let index = 0; index < 1500; index++) await store.save({ ...validMessage, message: 'x'.repeat(5000) }, { spam: false });
    expect((await stat(`${path}-wal`)).size).toBeGreaterThan(walSizeLimitBytes);
    // Once the checkpoint has copied it into the database, the next write starts the log afresh at the limit.
    await expect
      .poll(
        async () => {
          await store.recordHealthCheck(new Date());
          return (await stat(`${path}-wal`)).size;
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBeLessThanOrEqual(walSizeLimitBytes);
    await store.close();
  });
});

describe('the problem log', () => {
  it('writes a few lines of one kind a minute, and then says how many it held back', () => {
    const lines: string[] = [];
    let clock = 0;
    const log = createProblemLog({ perMinute: 3, write: (line) => lines.push(line), now: () => clock });
    for (let index = 0; index < 2_100; index++) log('upload', `upload ${index}`);
    log('error', 'another kind still gets through');
    expect(lines).toEqual(['upload 0', 'upload 1', 'upload 2', 'another kind still gets through']);
    clock += 60_000;
    log('upload', 'next minute');
    expect(lines.slice(4)).toEqual(['upload: 2097 more like this in the last minute, not shown.', 'next minute']);
  });

  it('reduces an error to its first line', () => {
    const error = Object.assign(new Error('aborted\n    at abortIncoming (node:_http_server:921:17)'), { code: 'ECONNRESET' });
    expect(firstLine(error)).toBe('aborted');
    expect(firstLine(new TypeError('bad'))).toBe('TypeError: bad');
  });
});

describe('methods and request targets', () => {
  it('answers each address with the methods it serves, and names them in Allow', () => {
    expect(allowedMethods('/')).toEqual(['GET', 'HEAD']);
    expect(allowedMethods('/api/contact')).toEqual(['POST']);
    expect(allowedMethods('/keystatic', (path) => (path === '/keystatic' ? ['GET', 'HEAD', 'POST'] : null))).toContain('POST');
    expect(methodNotAllowed(['GET', 'HEAD'])).toMatchObject({ status: 405, headers: { Allow: 'GET, HEAD' } });
  });

  it('reads a target that starts with // as a path on this site', () => {
    expect(requestTarget('//evil.example/x?y=1').pathname).toBe('//evil.example/x');
    expect(requestTarget('/Cyber/?ref=mail').search).toBe('?ref=mail');
    expect(requestTarget(undefined).pathname).toBe('/');
  });
});
