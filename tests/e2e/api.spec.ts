import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { contactSettings, healthToken, smtpLogin as login, validMessage } from '../support/fixtures.ts';
import { answersOutside4xx, hostileContactPosts } from '../support/hostile-posts.ts';
import { projectRoot } from '../support/site.ts';
import { decodedHeaderOf, startSmtpServer } from '../support/smtp.ts';
import { startWorker, storedMessages, type TestWorker } from '../support/worker.ts';

// What runs on demand (/api/contact, /api/health, /keystatic) and the contact form's promises that
// need the Worker on workerd, with a D1 and a mail server of these tests' own. The contact core's
// logic (leases, retries, windows, the health check's details) is tested in-process: tests/unit/contact-delivery.test.ts.

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let state: string;
let worker: TestWorker;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** The Worker's settings, retries never more than a second apart, and an edge in front, as these tests stand in for Cloudflare's, naming each visitor in CF-Connecting-IP (npm start tells the Worker none is). */
const settings = () => ({ ...contactSettings(smtp.port), CONTACT_RETRY_MAX_SECONDS: '1', CONTACT_EDGE_NAMES_VISITOR: 'true' });

/** A post as the form's script makes it, from a visitor at `address`: Cloudflare's edge names the visitor in CF-Connecting-IP. */
const post = (address: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${worker.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: worker.url, Accept: 'application/json', 'CF-Connecting-IP': address, ...headers },
    body: new URLSearchParams({ ...validMessage, ...fields }),
  });

test.beforeAll(async () => {
  state = await mkdtemp(join(tmpdir(), 'worker-e2e-'));
  // The mail server, stopped: mail is down until a test starts it again on its port.
  smtp = await startSmtpServer(0, { login });
  await smtp.close();
  worker = await startWorker(state, settings());
});

test.afterAll(async () => {
  await worker?.stop();
  await smtp?.close();
  if (state) await rm(state, { recursive: true, force: true });
});

test('hostile posts get a 4xx and store nothing; each status means what it says; health and the editor answer as they should', async () => {
  const endpoint = `${worker.url}/api/contact`;
  const cases = hostileContactPosts(worker.url);
  expect(cases.length).toBeGreaterThanOrEqual(500);
  // Each from an address of its own, so that every one reaches the checks past the rate limit.
  expect(await answersOutside4xx(endpoint, cases, (index) => ({ 'CF-Connecting-IP': `2001:db8::${(index + 1).toString(16)}` }))).toEqual([]);
  expect(storedMessages(state)).toEqual([]);

  const get = await fetch(endpoint);
  expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
  expect((await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' }, body: new URLSearchParams(validMessage).toString() })).status).toBe(403);
  expect((await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'text/xml', Origin: worker.url, 'CF-Connecting-IP': '203.0.113.1' }, body: '<x/>' })).status).toBe(415);
  expect((await post('203.0.113.2', { message: 'z'.repeat(40_000) })).status).toBe(413);

  // The health check reads its token and the mail settings on workerd (who gets the details: tests/unit/contact-delivery.test.ts).
  const health = await fetch(`${worker.url}/api/health`, { headers: { Authorization: `Bearer ${healthToken}` } });
  expect([health.status, health.headers.get('cache-control'), await health.json()]).toEqual([200, 'no-store', { ok: true, mail: { configured: true }, outbox: { pending: 0, oldestPendingSeconds: null, lastError: null } }]);
  expect((await fetch(`${worker.url}/api/health`, { method: 'POST' })).status).toBe(405);

  // Without its settings there is no browser editor: its addresses are unknown ones.
  const [noEditor, unknown] = await Promise.all([fetch(`${worker.url}/keystatic`), fetch(`${worker.url}/no-such-page`)]);
  expect([noEditor.status, await noEditor.text()]).toEqual([404, await unknown.text()]);
  expect((await fetch(`${worker.url}/api/keystatic/github/login`, { redirect: 'manual' })).status).toBe(404);
});

test('without JavaScript, a wrong field gets the problem page, with its own policy and never the visitor’s words', async () => {
  const marker = `marker${Date.now()}`;
  // A browser's own post asks for any answer (as fetch does by default), not for JSON.
  const answer = await post('203.0.113.5', { email: `${marker}<b>`, name: `${marker}<img src=x onerror=alert(1)>` }, { Accept: '*/*' });
  const page = await answer.text();
  expect([answer.status, answer.headers.get('content-security-policy')]).toEqual([400, "frame-ancestors 'none'"]);
  expect(page).toMatch(/<h1[^>]*>Message not sent<\/h1>/);
  expect(page).toContain('<li><strong>E-mail address:</strong> Please enter an e-mail address like name@example.com.</li>');
  expect(page).toMatch(/<meta http-equiv="content-security-policy" content="default-src &#39;self&#39;;/);
  expect(page).not.toContain(marker);
  for (const name of ['strict-transport-security', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy']) expect(answer.headers.get(name), name).toBeTruthy();
  // The form's script, asking for JSON, is told the problem per field, in our words only.
  const json = await post('203.0.113.6', { email: `${marker}<b>` });
  const text = await json.text();
  expect([json.status, JSON.parse(text).errors]).toEqual([400, { email: 'Please enter an e-mail address like name@example.com.' }]);
  expect(text).not.toContain(marker);
});

test('a restart keeps each visitor’s limit and the mail waiting for the mail server; once it is back, each message is mailed once', async () => {
  // The mail server is down: each message is tried right after it is stored, and waits, the reason
  // recorded. (An attempt cut off by the restart would hold its message for minutes.)
  for (const subject of ['Système de réservation', 'Second']) expect((await post('203.0.113.10', { subject })).status).toBe(200);
  await expect
    .poll(() => storedMessages(state).map((message) => [message.subject, message.status, message.attempts, Boolean(message.last_error)]))
    .toEqual([
      ['Système de réservation', 'pending', 1, true],
      ['Second', 'pending', 1, true],
    ]);

  await worker.stop();
  worker = await startWorker(state, settings());
  const refused = await post('203.0.113.10', { subject: 'After the restart' });
  expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([429, 'Too many messages from your address. Please wait a few minutes and try again.']);

  // The mail server is back: a new message is mailed at once, the waiting ones by the cron.
  smtp = await startSmtpServer(smtp.port, { login });
  expect((await post('203.0.113.11', { subject: 'Mailed at once', name: 'billing@company.example.com.au' })).status).toBe(200);
  await expect.poll(() => storedMessages(state).find((message) => message.subject === 'Mailed at once')?.status).toBe('sent');
  // The cron, run now: its answer comes once its work is done.
  await expect.poll(async () => (await fetch(`${worker.url}/cdn-cgi/local/scheduled`)).status === 200 && storedMessages(state).map((message) => message.status), { timeout: 30_000 }).toEqual(['sent', 'sent', 'sent']);
  const subjects = ['Mailed at once', 'Second', 'Système de réservation'];
  expect(smtp.received.map((mail) => decodedHeaderOf(mail.raw, 'Subject')).sort()).toEqual(subjects.map((subject) => `Website enquiry: ${subject}`));

  // The company's view of the same store.
  const inbox = spawnSync(process.execPath, [join(projectRoot, 'scripts/inbox.ts'), '--state', state], { cwd: projectRoot, encoding: 'utf8' });
  expect(inbox.status, inbox.stderr).toBe(0);
  for (const part of ['3 messages (3 sent)', ...subjects]) expect(inbox.stdout).toContain(part);
  // Each row shows the sender's address whole, a name shaped like an address too.
  expect(inbox.stdout.match(/ana@example\.org/g)).toHaveLength(3);
});

test('killed hard in the middle of a burst, every message a visitor was thanked for is in D1', async () => {
  const thanked: { id: number; subject: string }[] = [];
  const fiftyThanked = Promise.withResolvers<void>();
  let inFlight = 0;
  // Twenty visitors post one message after another until the Worker dies under them, each post
  // from an address of its own, so that the limit per visitor refuses none.
  const senders = Array.from({ length: 20 }, async (_, sender) => {
    for (let round = 1; ; round++) {
      const subject = `Burst ${sender}-${round}`;
      inFlight++;
      try {
        const response = await post(`2001:db8:${sender.toString(16)}::${round.toString(16)}`, { subject });
        if (response.status === 200) thanked.push({ id: ((await response.json()) as { id: number }).id, subject });
        if (thanked.length >= 50) fiftyThanked.resolve();
      } catch {
        return; // The connection died with the Worker: this visitor was not thanked.
      } finally {
        inFlight--;
      }
    }
  });
  await fiftyThanked.promise;
  const inFlightAtKill = inFlight;
  await worker.kill();
  await Promise.all(senders);
  expect(inFlightAtKill).toBeGreaterThan(0);

  // What D1 holds on disk is what the Worker finds when it starts again.
  const stored = new Map(storedMessages(state).map((message) => [message.id, message.subject]));
  expect(thanked.filter(({ id, subject }) => stored.get(id) !== subject)).toEqual([]);
});

test('as npm start runs, with no edge in front to name the visitor, a CF-Connecting-IP the client sends neither gets round the limit nor is stored', async () => {
  await worker.stop();
  const { CONTACT_EDGE_NAMES_VISITOR: _edge, ...asNpmStartRuns } = settings();
  worker = await startWorker(state, asNpmStartRuns);
  const statuses = [];
  for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) statuses.push((await post(forged, { subject: `Forged ${forged}` })).status);
  expect(statuses).toEqual([200, 200, 429]);
  expect(storedMessages(state).slice(-2).map(({ subject, ip }) => [subject, ip])).toEqual([['Forged 198.51.100.1', ''], ['Forged 198.51.100.2', '']]);
});
