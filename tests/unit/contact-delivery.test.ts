import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { unstable_splitSqlQuery } from 'wrangler';
import { answerContact, contactCron, contactOf } from '../../server/contact/endpoint.ts';
import { deliver } from '../../server/contact/outbox.ts';
import { answerHealth } from '../../server/health.ts';
import type { WorkerEnv } from '../../server/types.ts';
import { validMessage } from '../support/fixtures.ts';
import { decodedHeaderOf, headerOf, startSmtpServer } from '../support/smtp.ts';

// The contact form's promises, kept by server/contact/ on a real D1 (Miniflare's, with the
// migrations applied as wrangler applies them) and a real mail server that requires a login:
// each message mailed once on the normal path; while mail fails, tried again with a growing delay
// and the reason recorded; never taken by two senders at once; mailed at last whatever failed
// mid-send; a limit per visitor in a sliding window; the health check's details. What needs the
// Worker on workerd (a restart, a kill, hostile posts) is in tests/e2e/api.spec.ts.

const login = { user: 'website', pass: `pa$$ 'wo"rd$HOME` };
const healthToken = 'unit-health-token-0123456789abcdef';
const migrations = join(import.meta.dirname, '../../migrations');
const t0 = Date.parse('2026-11-20T09:00:00.000Z');
const iso = (at: number) => new Date(at).toISOString();

let miniflare: Miniflare;
let db: Awaited<ReturnType<Miniflare['getD1Database']>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  miniflare = new Miniflare(convertV4MiniflareOptions({ modules: true, script: 'export default {}', d1Databases: { DB: 'contact', EMPTY: 'empty' } }));
  db = await miniflare.getD1Database('DB');
  for (const file of readdirSync(migrations).filter((name) => name.endsWith('.sql')).sort()) {
    await db.batch(unstable_splitSqlQuery(readFileSync(join(migrations, file), 'utf8')).map((sql) => db.prepare(sql)));
  }
  smtp = await startSmtpServer(0, { login });
});

afterAll(async () => {
  await smtp?.close();
  await miniflare?.dispose();
});

// Only the clock is faked (the code under test reads it); sockets and their time-outs stay real.
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: t0 });
  smtp.received.length = 0;
  await db.batch([db.prepare('DELETE FROM messages'), db.prepare('DELETE FROM rate_hits')]);
});
afterEach(() => vi.useRealTimers());

/** The Worker's bindings and settings, as wrangler.jsonc and its secrets give them. */
const workerEnv = (settings: Record<string, string | undefined> = {}): WorkerEnv => ({
  DB: db,
  ASSETS: { fetch: () => Promise.reject(new Error('These tests ask for JSON: no page is read.')) },
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtp.port),
  SMTP_USER: login.user,
  SMTP_PASS: login.pass,
  CONTACT_TO: 'sales@example.com',
  CONTACT_MIN_FILL_SECONDS: '0',
  CONTACT_RATE_LIMIT: '2',
  CONTACT_RATE_WINDOW_SECONDS: '60',
  CONTACT_RETRY_BASE_SECONDS: '1',
  CONTACT_RETRY_MAX_SECONDS: '4',
  HEALTH_TOKEN: healthToken,
  ...settings,
});

/** A post as the form's script makes it, from `visitor` (Cloudflare's edge names it in CF-Connecting-IP), once the work the Worker left for after its answer is done. */
async function post(env: WorkerEnv, visitor: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const after: Promise<unknown>[] = [];
  const request = new Request('https://www.example.com/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://www.example.com', Accept: 'application/json', 'CF-Connecting-IP': visitor, ...headers },
    body: new URLSearchParams({ ...validMessage, ...fields }),
  });
  const answer = await answerContact(request, env, { waitUntil: (work) => after.push(work) });
  await Promise.all(after);
  return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body: (await answer.json()) as { ok: boolean; id: number } };
}

/** The cron, run at `at` on the Worker's clock. */
async function cronAt(env: WorkerEnv, at: number) {
  vi.setSystemTime(at);
  await contactCron(env, at);
}

type Row = { id: number; subject: string; status: string; attempts: number; last_error: string | null; next_attempt_at: string | null; sent_at: string | null };
const rows = async () => (await db.prepare('SELECT id, subject, status, attempts, last_error, next_attempt_at, sent_at FROM messages ORDER BY id').all()).results as Row[];
const mailedSubjects = () => smtp.received.map((mail) => decodedHeaderOf(mail.raw, 'Subject'));

it('mails a stored message once, right after the visitor is thanked, with their words whole; the cron does not mail it again', async () => {
  const env = workerEnv();
  const { status, body } = await post(env, '203.0.113.1', { subject: 'Système de réservation', name: 'Ana "AJ" Lee' });
  expect([status, body.ok]).toEqual([200, true]);
  expect(await rows()).toEqual([{ id: body.id, subject: 'Système de réservation', status: 'sent', attempts: 1, last_error: null, next_attempt_at: null, sent_at: iso(t0) }]);
  await cronAt(env, t0 + 3_600_000);

  expect(mailedSubjects()).toEqual(['Website enquiry: Système de réservation']);
  const [mail] = smtp.received;
  expect(mail!.to).toEqual(['sales@example.com']);
  expect(headerOf(mail!.raw, 'Reply-To')).toBe(`"Ana \\"AJ\\" Lee" <${validMessage.email}>`);
  expect(mail!.raw).toContain(validMessage['phone-number']);
});

it('while the mail server is down or refuses, keeps the message with each attempt and its reason, tries again after 1, 2, 4 and 4 s, and mails it once it is accepted', async () => {
  const port = smtp.port;
  await smtp.close();
  const env = workerEnv();
  const seen: unknown[][] = [];
  const look = async () => {
    const [row] = await rows();
    seen.push([row!.status, row!.attempts, row!.next_attempt_at && Date.parse(row!.next_attempt_at) - t0, /ECONNREFUSED|451/.exec(row!.last_error ?? '')?.[0] ?? row!.last_error]);
  };

  await post(env, '203.0.113.2', { subject: 'Waits' });
  await look();
  await cronAt(env, t0 + 999);
  await look();
  await cronAt(env, t0 + 1000);
  await look();
  // The server is back, but busy: it refuses the next two messages once they are sent.
  smtp = await startSmtpServer(port, { login });
  smtp.refuseNext = 2;
  for (const at of [3000, 7000, 11_000]) {
    await cronAt(env, t0 + at);
    await look();
  }

  expect(seen).toEqual([
    ['pending', 1, 1000, 'ECONNREFUSED'],
    ['pending', 1, 1000, 'ECONNREFUSED'],
    ['pending', 2, 3000, 'ECONNREFUSED'],
    ['pending', 3, 7000, '451'],
    ['pending', 4, 11_000, '451'],
    ['sent', 5, null, null],
  ]);
  expect(mailedSubjects()).toEqual(['Website enquiry: Waits']);
});

it('gives a message to one sender at a time: two at once mail it once, and one whose sender stopped mid-send waits out the five-minute hold, then is mailed', async () => {
  const env = workerEnv();
  const { store, outbox } = contactOf(env);
  const save = (subject: string) => store.save({ ...validMessage, subject }, { spam: false, ip: '203.0.113.3', userAgent: null, now: new Date(t0) });
  const raced = await save('Raced');
  const abandoned = await save('Abandoned');
  // A sender that stopped after starting its attempt (its isolate ended mid-send) leaves this behind.
  expect(await store.startAttempt(abandoned, new Date(t0))).toMatchObject({ subject: 'Abandoned', attempts: 1 });

  await Promise.all([deliver(raced, outbox!, new Date(t0)), deliver(raced, outbox!, new Date(t0)), deliver(abandoned, outbox!, new Date(t0)), cronAt(env, t0)]);
  await cronAt(env, t0 + 5 * 60_000 - 1);
  expect(mailedSubjects()).toEqual(['Website enquiry: Raced']);
  await cronAt(env, t0 + 5 * 60_000);

  expect(mailedSubjects()).toEqual(['Website enquiry: Raced', 'Website enquiry: Abandoned']);
  expect((await rows()).map(({ subject, status, attempts }) => [subject, status, attempts])).toEqual([
    ['Raced', 'sent', 1],
    ['Abandoned', 'sent', 2],
  ]);
});

it('lets each visitor, as CF-Connecting-IP names them, post twice in any 60 s: X-Forwarded-For changes nothing, and the cron forgets what has left the window', async () => {
  const env = workerEnv({ SMTP_HOST: undefined });
  const spoofed = { 'X-Forwarded-For': '198.51.100.99', 'X-Real-IP': '198.51.100.98' };
  const posts: [number, string, Record<string, string>?][] = [
    [0, '203.0.113.10'],
    [10_000, '203.0.113.10'],
    [20_000, '203.0.113.10', spoofed],
    [20_000, '203.0.113.20'],
    [59_999, '203.0.113.10'],
    [60_000, '203.0.113.10'],
    [60_000, '203.0.113.10'],
  ];
  const answers = [];
  for (const [at, visitor, headers] of posts) {
    vi.setSystemTime(t0 + at);
    const { status, retryAfter } = await post(env, visitor, { subject: `At ${at} from ${visitor}` }, headers);
    answers.push([status, retryAfter]);
  }
  expect(answers).toEqual([[200, null], [200, null], [429, '40'], [200, null], [429, '1'], [200, null], [429, '10']]);
  expect((await rows()).map((row) => row.subject)).toEqual(['At 0 from 203.0.113.10', 'At 10000 from 203.0.113.10', 'At 20000 from 203.0.113.20', 'At 60000 from 203.0.113.10']);

  await cronAt(env, t0 + 70_000);
  expect((await db.prepare('SELECT key, at FROM rate_hits ORDER BY at').all()).results).toEqual([
    { key: '203.0.113.20', at: t0 + 20_000 },
    { key: '203.0.113.10', at: t0 + 60_000 },
  ]);
});

it('tells anyone only whether D1 answers; a monitor with the token also whether mail is set up and how many wait, for how long', async () => {
  const health = async (env: WorkerEnv, token?: string) => {
    const answer = await answerHealth(new Request('https://www.example.com/api/health', { headers: token ? { Authorization: `Bearer ${token}` } : {} }), env);
    return [answer.status, answer.headers.get('cache-control'), await answer.json()];
  };
  const env = workerEnv({ SMTP_HOST: undefined });
  const { store } = contactOf(env);
  const save = (at: number, spam = false) => store.save(validMessage, { spam, ip: '203.0.113.4', userAgent: null, now: new Date(t0 + at) });
  await save(0);
  await save(30_000);
  await save(40_000, true);
  await store.markSent(await save(-60_000), new Date(t0));
  vi.setSystemTime(t0 + 90_000);

  expect(await health(env)).toEqual([200, 'no-store', { ok: true }]);
  expect(await health(env, healthToken.slice(1))).toEqual([200, 'no-store', { ok: true }]);
  expect(await health(env, healthToken)).toEqual([200, 'no-store', { ok: true, mail: { configured: false }, outbox: { pending: 2, oldestPendingSeconds: 90 } }]);
  expect((await health(workerEnv(), healthToken))[2]).toMatchObject({ mail: { configured: true } });
  // A token too short to be safe gives nobody the details.
  expect(await health(workerEnv({ HEALTH_TOKEN: 'short' }), 'short')).toEqual([200, 'no-store', { ok: true }]);

  // A D1 without the tables, as one that does not answer: down to anyone, the reason in the log.
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(await health({ ...env, DB: await miniflare.getD1Database('EMPTY') }, healthToken)).toEqual([503, 'no-store', { ok: false }]);
  expect(logged).toHaveBeenCalledWith('[health] The contact store cannot be read:', expect.any(Error));
  logged.mockRestore();
});
