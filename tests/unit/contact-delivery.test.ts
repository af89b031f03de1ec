import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { unstable_splitSqlQuery } from 'wrangler';
import { answerContact, contactCron, contactOf } from '../../server/contact/endpoint.ts';
import { deliver } from '../../server/contact/outbox.ts';
import { answerHealth } from '../../server/health.ts';
import type { WorkerEnv } from '../../server/types.ts';
import { contactSettings, healthToken, smtpLogin as login, validMessage } from '../support/fixtures.ts';
import { decodedHeaderOf, headerOf, startSmtpServer } from '../support/smtp.ts';

// The contact core (server/contact/) on a real D1 (Miniflare's, the migrations applied as wrangler
// applies them) with a real mail server that wants a login. Only the clock is faked. What needs the
// Worker on workerd (a restart, a kill, hostile posts) is in tests/e2e/api.spec.ts.

const migrations = join(import.meta.dirname, '../../migrations');
const t0 = Date.parse('2026-11-20T09:00:00.000Z');
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
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: t0 });
  smtp.received.length = 0;
  await db.batch([db.prepare('DELETE FROM messages'), db.prepare('DELETE FROM rate_hits')]);
});
afterEach(() => vi.useRealTimers());

/** The Worker's bindings and settings, as wrangler.jsonc and its secrets give them. */
const workerEnv = (settings: Record<string, unknown> = {}): WorkerEnv => ({
  DB: db,
  ASSETS: { fetch: () => Promise.reject(new Error('These tests ask for JSON: no page is read.')) },
  ...contactSettings(smtp.port), CONTACT_RATE_WINDOW_SECONDS: '60', CONTACT_RETRY_MAX_SECONDS: '4',
  ...settings,
});

/** A post as the form's script makes it (or `body`, as sent), from `visitor` (CF-Connecting-IP), once the work the Worker left for after its answer is done; a 400 with the fields it names. */
async function post(env: WorkerEnv, visitor: string, subject: string, headers: Record<string, string> = {}, body = `${new URLSearchParams({ ...validMessage, name: 'Ana "AJ" Lee', subject })}`) {
  const after: Promise<unknown>[] = [];
  const answer = await answerContact(new Request('https://www.example.com/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://www.example.com', Accept: 'application/json', 'CF-Connecting-IP': visitor, ...headers },
    body,
  }), env, { waitUntil: (work) => after.push(work) });
  await Promise.all(after);
  return [answer.status, answer.headers.get('retry-after'), ...(answer.status === 400 ? [((await answer.json()) as { errors: unknown }).errors] : [])];
}

async function cronAt(env: WorkerEnv, at: number) {
  vi.setSystemTime(at);
  await contactCron(env, at);
}
type Row = { subject: string; status: string; attempts: number; last_error: string | null; next_attempt_at: string | null; sent_at: string | null };
const rows = async () => (await db.prepare('SELECT subject, status, attempts, last_error, next_attempt_at, sent_at FROM messages ORDER BY id').all()).results as Row[];
const mailed = () => smtp.received.map((mail) => decodedHeaderOf(mail.raw, 'Subject'));

it('answers 400 naming a field whose percent-encoded bytes are not UTF-8 (not a replacement character stored in its place), and stores nothing', async () => {
  for (const subject of ['%FF%FE', '%ED%A0%80']) {
    const body = `${new URLSearchParams(validMessage)}`.replace(/subject=[^&]*/, `subject=${subject}`);
    expect(await post(workerEnv({ CONTACT_RATE_LIMIT: '10' }), '203.0.113.40', '', {}, body)).toEqual([400, null, { subject: 'Please type subject again: it arrived in a form the site cannot read.' }]);
  }
  expect(await rows()).toEqual([]);
});

it('mails a message once, right after the visitor is thanked, their words whole; the cron does not mail it again', async () => {
  const env = workerEnv();
  expect(await post(env, '203.0.113.1', 'Système de réservation')).toEqual([200, null]);
  expect(await rows()).toEqual([{ subject: 'Système de réservation', status: 'sent', attempts: 1, last_error: null, next_attempt_at: null, sent_at: '2026-11-20T09:00:00.000Z' }]);
  await cronAt(env, t0 + 3_600_000);
  expect(mailed()).toEqual(['Website enquiry: Système de réservation']);
  const [mail] = smtp.received;
  expect([mail!.to, headerOf(mail!.raw, 'Reply-To')]).toEqual([['sales@example.com'], '"Ana \\"AJ\\" Lee" <ana@example.org>']);
  expect(mail!.raw).toContain('0412 345 678');
});

it('mails a name and subject shaped like encoded words as they were typed: no mail client decodes them into characters the form refuses', async () => {
  const typed = '=?UTF-8?B?4oCuZXZpZ2Vy?=';
  expect(await post(workerEnv(), '203.0.113.5', '', {}, `${new URLSearchParams({ ...validMessage, name: typed, subject: typed })}`)).toEqual([200, null]);
  expect(['Subject', 'Reply-To'].map((header) => decodedHeaderOf(smtp.received[0]!.raw, header))).toEqual([`Website enquiry: ${typed}`, `${typed} <ana@example.org>`]);
});

it('while the mail server is down or refuses, keeps the message with each attempt and its reason, tries again after 1, 2, 4 and 4 s, and mails it once', async () => {
  const port = smtp.port;
  await smtp.close();
  const env = workerEnv();
  const seen: unknown[] = [];
  await post(env, '203.0.113.2', 'Waits');
  for (const at of [undefined, 999, 1000, 3000, 7000, 11_000]) {
    // Back at 3 s, but busy: it refuses the next two messages once their data is sent.
    if (at === 3000) (smtp = await startSmtpServer(port, { login })).refuseNext = 2;
    if (at !== undefined) await cronAt(env, t0 + at);
    const [{ status, attempts, next_attempt_at: next, last_error: error }] = (await rows()) as [Row];
    seen.push([status, attempts, next && Date.parse(next) - t0, /ECONNREFUSED|451/.exec(error ?? '')?.[0] ?? error]);
  }
  expect(seen).toEqual([
    ['pending', 1, 1000, 'ECONNREFUSED'],
    ['pending', 1, 1000, 'ECONNREFUSED'],
    ['pending', 2, 3000, 'ECONNREFUSED'],
    ['pending', 3, 7000, '451'],
    ['pending', 4, 11_000, '451'],
    ['sent', 5, null, null],
  ]);
  expect(mailed()).toEqual(['Website enquiry: Waits']);
});

it('gives a message to one sender at a time: two at once mail it once; one whose sender stopped mid-send is held five minutes, then mailed', async () => {
  const env = workerEnv();
  const { store, outbox } = contactOf(env);
  const save = (subject: string) => store.save({ ...validMessage, subject }, { spam: false, ip: '203.0.113.3', userAgent: null, now: new Date(t0) });
  const [raced, abandoned] = [await save('Raced'), await save('Abandoned')];
  // What a sender leaves when it stops after starting its attempt (its isolate ended mid-send).
  expect(await store.startAttempt(abandoned, new Date(t0))).toMatchObject({ subject: 'Abandoned', attempts: 1 });

  await Promise.all([deliver(raced, outbox!, new Date(t0)), deliver(raced, outbox!, new Date(t0)), deliver(abandoned, outbox!, new Date(t0)), cronAt(env, t0)]);
  await cronAt(env, t0 + 5 * 60_000 - 1);
  expect(mailed()).toEqual(['Website enquiry: Raced']);
  await cronAt(env, t0 + 5 * 60_000);
  expect(mailed()).toEqual(['Website enquiry: Raced', 'Website enquiry: Abandoned']);
  expect((await rows()).map((row) => [row.subject, row.status, row.attempts])).toEqual([['Raced', 'sent', 1], ['Abandoned', 'sent', 2]]);
});

it('lets each visitor, as CF-Connecting-IP names them, post twice in any 60 s; X-Forwarded-For changes nothing; the cron forgets what has left the window', async () => {
  const env = workerEnv({ SMTP_HOST: undefined });
  const [a, b, spoofed] = ['203.0.113.10', '203.0.113.20', { 'X-Forwarded-For': '198.51.100.99', 'X-Real-IP': '198.51.100.98' }];
  const answers = [];
  for (const [at, visitor, headers] of [[0, a], [10_000, a], [20_000, a, spoofed], [20_000, b], [59_999, a], [60_000, a], [60_000, a]] as const) {
    vi.setSystemTime(t0 + at);
    answers.push(await post(env, visitor, `At ${at} from ${visitor}`, headers));
  }
  expect(answers).toEqual([[200, null], [200, null], [429, '40'], [200, null], [429, '1'], [200, null], [429, '10']]);
  expect((await rows()).map((row) => row.subject)).toEqual([`At 0 from ${a}`, `At 10000 from ${a}`, `At 20000 from ${b}`, `At 60000 from ${a}`]);

  await cronAt(env, t0 + 70_000);
  expect((await db.prepare('SELECT key, at FROM rate_hits ORDER BY at').all()).results).toEqual([{ key: b, at: t0 + 20_000 }, { key: a, at: t0 + 60_000 }]);
});

it('tells anyone only whether D1 answers; a monitor with the token also whether mail is set up, how many wait, for how long, and why, in plain words', async () => {
  const health = async (env: WorkerEnv, token?: string) => {
    const answer = await answerHealth(new Request('https://www.example.com/api/health', { headers: token ? { Authorization: `Bearer ${token}` } : {} }), env);
    return [answer.status, answer.headers.get('cache-control'), await answer.json()];
  };
  const env = workerEnv({ SMTP_HOST: undefined });
  const { store } = contactOf(env);
  const save = (at: number, spam = false) => store.save(validMessage, { spam, ip: '203.0.113.4', userAgent: null, now: new Date(t0 + at) });
  await Promise.all([save(0), save(30_000), save(40_000, true)]);
  await store.markSent(await save(-60_000), new Date(t0));
  vi.setSystemTime(t0 + 90_000);

  for (const token of [undefined, healthToken.slice(1)]) expect(await health(env, token), `token ${token}`).toEqual([200, 'no-store', { ok: true }]);
  expect(await health(env, healthToken)).toEqual([200, 'no-store', { ok: true, mail: { configured: false }, outbox: { pending: 2, oldestPendingSeconds: 90, lastError: null } }]);
  expect((await health(workerEnv(), healthToken))[2]).toMatchObject({ mail: { configured: true } });
  // A token too short to be safe gives nobody the details.
  expect(await health(workerEnv({ HEALTH_TOKEN: 'short' }), 'short')).toEqual([200, 'no-store', { ok: true }]);
  // A D1 without the tables cannot be read: down to anyone, the reason in the log.
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(await health(workerEnv({ DB: await miniflare.getD1Database('EMPTY') }), healthToken)).toEqual([503, 'no-store', { ok: false }]);
  expect(logged).toHaveBeenCalledWith('[health] The contact store cannot be read:', expect.any(Error));
  logged.mockRestore();
  // A mail server that asks for a login, and none set: the reason in words the company can act on.
  const noLogin = workerEnv({ SMTP_USER: undefined, SMTP_PASS: undefined });
  await db.prepare('DELETE FROM messages').run();
  await post(noLogin, '203.0.113.9', 'No login');
  expect((await health(noLogin, healthToken))[2]).toMatchObject({ outbox: { pending: 1, lastError: expect.stringMatching(/^The mail server asks for a login and none is set: set SMTP_USER and SMTP_PASS/) } });
});
