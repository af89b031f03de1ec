import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { validMessage } from '../support/fixtures.ts';
import { answersOutside4xx, hostileContactPosts } from '../support/hostile-posts.ts';
import { projectRoot } from '../support/site.ts';
import { decodedHeaderOf, headerOf, startSmtpServer } from '../support/smtp.ts';
import { startWorker, storedMessages, type TestWorker } from '../support/worker.ts';

// What runs on demand (/api/contact, /api/health, /keystatic) and the contact form's promises,
// kept by the Worker on workerd with a D1 and a mail server of these tests' own, and restarted,
// stopped and killed as a test needs: stored before the visitor is
// thanked, nothing acknowledged ever lost, hostile posts refused, a limit per visitor that holds
// across restarts, and every message mailed until the mail server accepts it.

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const login = { user: 'website', pass: `pa$$ 'wo"rd$HOME` };
const healthToken = 'worker-health-token-0123456789abcdef';
let state: string;
let smtpPort: number;
let worker: TestWorker;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;

const settings = (extra: Record<string, string> = {}) => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtpPort),
  SMTP_USER: login.user,
  SMTP_PASS: login.pass,
  CONTACT_TO: 'sales@example.com',
  CONTACT_MIN_FILL_SECONDS: '0',
  CONTACT_RATE_LIMIT: '2',
  CONTACT_RETRY_BASE_SECONDS: '1',
  CONTACT_RETRY_MAX_SECONDS: '1',
  HEALTH_TOKEN: healthToken,
  ...extra,
});
const restart = async (extra?: Record<string, string>) => {
  await worker.stop();
  worker = await startWorker(state, settings(extra));
};
/** A post as the form's script makes it, from a visitor at `address`: Cloudflare's edge names the visitor in CF-Connecting-IP. */
const post = (address: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${worker.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: worker.url, Accept: 'application/json', 'CF-Connecting-IP': address, ...headers },
    body: new URLSearchParams({ ...validMessage, ...fields }),
  });
/** The cron, run now; the answer comes once its work is done. */
const runCron = async () => expect((await fetch(`${worker.url}/cdn-cgi/local/scheduled`)).status).toBe(200);

test.beforeAll(async () => {
  state = await mkdtemp(join(tmpdir(), 'worker-e2e-'));
  // A free port, left closed: the mail server is down until a test starts it there.
  smtpPort = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  worker = await startWorker(state, settings());
});

test.afterAll(async () => {
  await worker?.stop();
  await smtp?.close();
  if (state) await rm(state, { recursive: true, force: true });
});

test('hostile posts get a 4xx and store nothing; each status means what it says; health and the editor answer as they should', async () => {
  const cases = hostileContactPosts(worker.url);
  expect(cases.length).toBeGreaterThanOrEqual(500);
  // Each from an address of its own, so that every one reaches the checks past the rate limit.
  expect(await answersOutside4xx(`${worker.url}/api/contact`, cases, (index) => ({ 'CF-Connecting-IP': `2001:db8::${(index + 1).toString(16)}` }))).toEqual([]);
  expect(storedMessages(state)).toEqual([]);

  const endpoint = `${worker.url}/api/contact`;
  const get = await fetch(endpoint);
  expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
  const crossSite = await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' }, body: new URLSearchParams(validMessage).toString() });
  expect(crossSite.status).toBe(403);
  expect((await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'text/xml', Origin: worker.url, 'CF-Connecting-IP': '203.0.113.1' }, body: '<x/>' })).status).toBe(415);
  expect((await post('203.0.113.2', { message: 'z'.repeat(40_000) })).status).toBe(413);

  // The health check: up or down to anyone, the details to a monitor with the token.
  const health = async (headers: Record<string, string> = {}) => {
    const answer = await fetch(`${worker.url}/api/health`, { headers });
    return [answer.status, answer.headers.get('cache-control'), await answer.json()];
  };
  expect(await health()).toEqual([200, 'no-store', { ok: true }]);
  expect(await health({ Authorization: `Bearer ${healthToken.slice(1)}` })).toEqual([200, 'no-store', { ok: true }]);
  expect(await health({ Authorization: `Bearer ${healthToken}` })).toEqual([200, 'no-store', { ok: true, mail: { configured: true }, outbox: { pending: 0, oldestPendingSeconds: null } }]);
  expect((await fetch(`${worker.url}/api/health`, { method: 'POST' })).status).toBe(405);

  // Without its settings there is no browser editor: its addresses are unknown ones.
  const [noEditor, unknown] = await Promise.all([fetch(`${worker.url}/keystatic`), fetch(`${worker.url}/no-such-page`)]);
  expect([noEditor.status, await noEditor.text()]).toEqual([404, await unknown.text()]);
  expect((await fetch(`${worker.url}/api/keystatic/github/login`, { redirect: 'manual' })).status).toBe(404);
});

test('without JavaScript, a wrong field gets the problem page, with its own policy and never the visitor’s words', async () => {
  const marker = `marker${Date.now()}`;
  const answer = await fetch(`${worker.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: worker.url, 'CF-Connecting-IP': '203.0.113.5' },
    body: new URLSearchParams({ ...validMessage, email: `${marker}<b>`, name: `${marker}<img src=x onerror=alert(1)>` }).toString(),
  });
  const page = await answer.text();
  expect(answer.status).toBe(400);
  expect(page).toContain('Please enter an e-mail address like name@example.com.');
  expect(page).toMatch(/<meta http-equiv="content-security-policy" content="default-src &#39;self&#39;;/);
  expect(page).not.toContain(marker);
  expect(answer.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  for (const name of ['strict-transport-security', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy']) expect(answer.headers.get(name), name).toBeTruthy();
  // The form's script, asking for JSON, is told the problem per field, in our words only.
  const json = await post('203.0.113.6', { email: `${marker}<b>` });
  const text = await json.text();
  expect([json.status, JSON.parse(text).errors]).toEqual([400, { email: 'Please enter an e-mail address like name@example.com.' }]);
  expect(text).not.toContain(marker);
});

test('each visitor has a limit, counted in D1: X-Forwarded-For cannot change it, and a restart keeps it', async () => {
  for (const address of ['203.0.113.10', '203.0.113.20']) {
    for (const round of [1, 2]) expect((await post(address, { subject: `Limit ${address} ${round}` })).status).toBe(200);
  }
  const refused = await post('203.0.113.10', { subject: 'Limit, one too many' }, { 'X-Forwarded-For': '198.51.100.99', 'X-Real-IP': '198.51.100.98' });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(((await refused.json()) as { message: string }).message).toMatch(/Too many messages/);
  expect((await post('203.0.113.30', { subject: 'Limit, a third visitor' })).status).toBe(200);
  // Each was tried right after it was stored, found no mail server, and waits, the reason recorded.
  // (An attempt cut off by the restart would hold its message for minutes, as a send in flight does.)
  await expect.poll(() => storedMessages(state).every((message) => message.status === 'pending' && message.attempts === 1 && message.last_error)).toBe(true);

  await restart();
  expect((await post('203.0.113.10', { subject: 'Limit, after the restart' })).status).toBe(429);
  expect(storedMessages(state).map((message) => message.subject)).toEqual(['Limit 203.0.113.10 1', 'Limit 203.0.113.10 2', 'Limit 203.0.113.20 1', 'Limit 203.0.113.20 2', 'Limit, a third visitor']);
});

test('with the mail server down, messages wait in D1 with each attempt recorded, and are mailed once it is back, across restarts', async () => {
  const accents = await post('198.51.100.1', { subject: 'Système de réservation', name: 'Ana "AJ" Lee' });
  expect(accents.status).toBe(200);
  await expect.poll(() => storedMessages(state).every((message) => message.attempts >= 1 && message.last_error)).toBe(true);

  await restart();
  await runCron();
  expect(storedMessages(state).filter((message) => message.status === 'sent')).toEqual([]);

  smtp = await startSmtpServer(smtpPort, { login });
  await expect
    .poll(
      async () => {
        await runCron();
        return storedMessages(state).filter((message) => message.status === 'pending').length;
      },
      { timeout: 30_000 },
    )
    .toBe(0);

  // Another restart, and a message after it, mailed right after it is stored; then one more cron.
  await restart();
  const { id } = (await (await post('198.51.100.3', { subject: 'Third' })).json()) as { id: number };
  await expect.poll(() => storedMessages(state).find((message) => message.id === id)?.status).toBe('sent');
  await runCron();

  // Each stored message mailed exactly once, to the company, the visitor's words whole.
  const stored = storedMessages(state);
  expect(stored.every((message) => message.status === 'sent')).toBe(true);
  expect(smtp.received.map((mail) => decodedHeaderOf(mail.raw, 'Subject')).sort()).toEqual(stored.map((message) => `Website enquiry: ${message.subject}`).sort());
  const reservation = smtp.received.find((mail) => decodedHeaderOf(mail.raw, 'Subject') === 'Website enquiry: Système de réservation')!;
  expect(headerOf(reservation.raw, 'Reply-To')).toBe(`"Ana \\"AJ\\" Lee" <${validMessage.email}>`);
  expect(reservation.to).toEqual(['sales@example.com']);
  expect(reservation.raw).toContain(validMessage['phone-number']);

  // The company's view of the same store.
  const inbox = spawnSync(process.execPath, [join(projectRoot, 'scripts/inbox.ts'), '--state', state], { cwd: projectRoot, encoding: 'utf8' });
  expect(inbox.status, inbox.stderr).toBe(0);
  expect(inbox.stdout).toContain(`${stored.length} messages (${stored.length} sent)`);
  for (const message of stored) expect(inbox.stdout).toContain(message.subject.slice(0, 50));
});

test('killed hard in the middle of a burst, every message a visitor was thanked for is in D1 after the restart', async () => {
  await restart({ CONTACT_RATE_LIMIT: '100000' });
  const thanked: { id: number; subject: string }[] = [];
  let enough!: () => void;
  const fiftyThanked = new Promise<void>((resolve) => (enough = resolve));
  let inFlight = 0;
  let inFlightAtKill = 0;
  // Twenty visitors post one message after another until the Worker dies under them.
  const senders = Array.from({ length: 20 }, async (_, sender) => {
    for (let round = 0; ; round++) {
      const subject = `Burst ${sender}-${round}`;
      inFlight++;
      try {
        const response = await post(`198.51.100.${sender + 10}`, { subject });
        if (response.status === 200) thanked.push({ id: ((await response.json()) as { id: number }).id, subject });
        if (thanked.length >= 50) enough();
      } catch {
        return; // The connection died with the Worker: this visitor was not thanked.
      } finally {
        inFlight--;
      }
    }
  });
  await fiftyThanked;
  inFlightAtKill = inFlight;
  await worker.kill();
  await Promise.all(senders);
  expect(inFlightAtKill).toBeGreaterThan(0);

  worker = await startWorker(state, settings());
  const stored = new Map(storedMessages(state).map((message) => [message.id, message.subject]));
  expect(thanked.filter(({ id, subject }) => stored.get(id) !== subject)).toEqual([]);
});
