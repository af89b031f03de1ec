import { spawnSync } from 'node:child_process';
import { globSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { baseURL, cloudflareBaseURL, cloudflareState } from '../../playwright.config';
import { startWorker, type WorkerProcess } from '../../scripts/worker-process.ts';
import { localD1File } from '../../server/cloudflare/local-d1.ts';
import type { ContactStore, StoredMessage } from '../../server/contact/store.ts';
import { headersFor, parseHeaders } from '../../src/lib/publishing/cdn-headers.ts';
import { problemPagePath } from '../../src/lib/contact/problem-page.ts';
import { readStore, storedWithSubject } from '../support/contact-store.ts';
import { validMessage } from '../support/fixtures.ts';
import { answersOutside4xx, hostileContactPosts } from '../support/hostile-posts.ts';
import { projectRoot } from '../support/site-content.ts';
import { decodedHeaderOf, headerOf, startSmtpServer } from '../support/smtp.ts';
import { framePages, hasPagesBelow, paths, sendFormInBrowser } from './support.ts';

// The Cloudflare build on workerd, Cloudflare's own runtime, offline: the site as `npm run
// preview:cloudflare` serves it (started by playwright.config.ts, over HTTPS), and Workers of the
// tests' own for what needs restarts, a mail server and tight limits. No Node server answers them.

const cloudflareClient = join(projectRoot, 'dist-cloudflare/client');

/** The addresses whose answers must match the Node server's: every page, its redirects, unknown addresses, the site's files and some hashed assets. */
function parityAddresses(): string[] {
  const addresses = ['/', '/no-such-page/', '/no-such-page', '/_astro/no-such-file.js', '/Cyber?ref=mail'];
  for (const path of [...paths.slice(1), ...framePages.filter((page) => page.status === 200).map((page) => page.path)]) {
    addresses.push(path, path.slice(0, -1));
    if (hasPagesBelow(path)) addresses.push(`${path}no-such-project/`);
    else addresses.push(`${path}anything`, `${path}anything/`, `${path}deeply/nested/page`);
  }
  for (const file of ['/robots.txt', '/sitemap-index.xml', '/sitemap-0.xml', '/favicon.ico', '/site.webmanifest', '/.well-known/security.txt', '/apple-touch-icon.png']) addresses.push(file);
  const assets = globSync(`${cloudflareClient}/_astro/*`).map((file) => `/${relative(cloudflareClient, file)}`);
  return [...new Set([...addresses, ...assets.filter((_, index) => index % 5 === 0)])];
}

/** What must be the same on both: status, where a redirect leads, the policy, the type and, for a page or file, its bytes. */
async function answerOf(request: APIRequestContext, address: string) {
  const response = await request.get(address, { maxRedirects: 0 });
  const headers = response.headers();
  let body = response.status() === 200 || response.status() === 404 ? (await response.body()).toString('base64') : '';
  // Each build dates its security.txt: two builds a few seconds apart differ there alone.
  if (address === '/.well-known/security.txt') body = (await response.text()).replace(/^Expires: .*$/m, 'Expires: (date of the build)');
  return {
    status: response.status(),
    location: headers.location ?? null,
    csp: headers['content-security-policy'] ?? null,
    type: (headers['content-type'] ?? '').replace(/\s/g, '').toLowerCase(),
    bodyLength: body.length,
    body,
  };
}

test('every page, redirect and unknown address answers on workerd as on the Node server: status, Location, CSP, type and bytes', async ({ playwright }) => {
  const node = await playwright.request.newContext({ baseURL });
  const worker = await playwright.request.newContext({ baseURL: cloudflareBaseURL, ignoreHTTPSErrors: true });
  const addresses = parityAddresses();
  const differences: string[] = [];
  for (let start = 0; start < addresses.length; start += 10) {
    await Promise.all(
      addresses.slice(start, start + 10).map(async (address) => {
        const [onNode, onWorker] = await Promise.all([answerOf(node, address), answerOf(worker, address)]);
        for (const key of Object.keys(onNode) as (keyof typeof onNode)[]) {
          if (onNode[key] !== onWorker[key]) differences.push(`${address} ${key}: Node ${String(onNode[key]).slice(0, 120)} | workerd ${String(onWorker[key]).slice(0, 120)}`);
        }
      }),
    );
  }
  expect(differences).toEqual([]);
  expect(addresses.length).toBeGreaterThan(paths.length * 3);
  await Promise.all([node.dispose(), worker.dispose()]);
});

test('a visitor sends the form on workerd over HTTPS, with JavaScript and without, and both are in local D1', async ({ browser }) => {
  const database = localD1File(cloudflareState);
  for (const javaScript of [true, false]) {
    const subject = await sendFormInBrowser(browser, cloudflareBaseURL, { javaScript });
    // The preview has no mail server: the message waits in D1.
    expect(await storedWithSubject(database!, subject, { readOnly: true }), subject).toMatchObject({ status: 'pending', ip: '127.0.0.1', email: validMessage.email });
  }
});

test.describe('a Worker of the test’s own', () => {
  // Each start of workerd takes a few seconds; these tests restart it three times.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  const login = { user: 'website', pass: `pa$$ 'wo"rd$HOME` };
  const healthToken = 'worker-health-token-0123456789abcdef';
  let state: string;
  let smtpPort: number;
  let worker: WorkerProcess;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;

  const settings = () => ({
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
  });
  const restart = async () => {
    await worker.stop();
    worker = await startWorker({ state, settings: settings() });
  };
  /** What the Worker stored, read from its D1 file. */
  const fromD1 = <T>(read: (store: ContactStore) => Promise<T>) => readStore(localD1File(state)!, read, { readOnly: true });
  /** A post as a visitor at `address` makes it: Cloudflare's edge names the visitor in CF-Connecting-IP. */
  const post = (address: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${worker.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'CF-Connecting-IP': address, ...headers },
      body: JSON.stringify({ ...validMessage, ...fields }),
    });
  /** The Cron Trigger, run now; the answer comes once its work is done. */
  const runCron = async () => expect((await fetch(`${worker.url}/cdn-cgi/local/scheduled`)).status).toBe(200);

  test.beforeAll(async () => {
    state = await mkdtemp(join(tmpdir(), 'worker-e2e-'));
    // A free port, left closed: the mail server is down until the test starts it there.
    smtpPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    worker = await startWorker({ state, settings: settings() });
  });

  test.afterAll(async () => {
    await worker?.stop();
    await smtp?.close();
    if (state) await rm(state, { recursive: true, force: true });
  });

  test('the Node server’s rules hold: hostile posts get a 4xx and store nothing; methods, health and redirects answer alike; each visitor has a limit that X-Forwarded-For cannot change and a restart keeps', async () => {
    const cases = hostileContactPosts(worker.url);
    // Each from an address of its own, so that every one reaches the checks past the rate limit.
    expect(await answersOutside4xx(`${worker.url}/api/contact`, cases, (index) => ({ 'CF-Connecting-IP': `2001:db8::${(index + 1).toString(16)}` }))).toEqual([]);
    expect(await fromD1((store) => store.count())).toBe(0);

    const get = await fetch(`${worker.url}/api/contact`);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    const health = await fetch(`${worker.url}/api/health`, { method: 'POST' });
    expect([health.status, health.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    // The health answer as on Node: up or down to a visitor, the details with the token.
    const healthOf = async (headers: Record<string, string>) => {
      const answer = await fetch(`${worker.url}/api/health`, { headers: { 'CF-Connecting-IP': '203.0.113.9', ...headers } });
      return [answer.status, answer.headers.get('cache-control'), await answer.json()];
    };
    expect(await healthOf({})).toEqual([200, 'no-store', { ok: true }]);
    expect(await healthOf({ Authorization: `Bearer ${healthToken.slice(1)}` })).toEqual([200, 'no-store', { ok: true }]);
    expect(await healthOf({ Authorization: `Bearer ${healthToken}` })).toEqual([
      200,
      'no-store',
      { ok: true, store: { writable: true }, mail: { configured: true }, outbox: { pending: 0, oldestPendingSeconds: null } },
    ]);
    // A path that a browser would read as another host's is led to a path of this site.
    const offSite = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const url = new URL(worker.url);
      httpRequest({ host: url.hostname, port: url.port, path: '/.//evil.example/..%2fCyber', agent: false }, (answer) => {
        answer.resume();
        resolve({ status: answer.statusCode ?? 0, location: answer.headers.location });
      })
        .on('error', reject)
        .end();
    });
    expect(offSite.status, JSON.stringify(offSite)).toBeGreaterThanOrEqual(300);
    expect(new URL(offSite.location ?? '', worker.url).origin).toBe(worker.url);
    // Without the editor's settings there is no editor: its addresses are unknown ones, as on Node.
    const [noEditor, unknown] = await Promise.all([fetch(`${worker.url}/keystatic`), fetch(`${worker.url}/no-such-page`)]);
    expect([noEditor.status, await noEditor.text()]).toEqual([404, await unknown.text()]);
    expect((await fetch(`${worker.url}/api/keystatic/github/login`, { redirect: 'manual' })).status).toBe(404);

    // Without JavaScript, a wrong field gets the problem page with the policy _headers gives it, and nothing the visitor wrote.
    const marker = `marker${Date.now()}`;
    const problem = await fetch(`${worker.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: worker.url, 'CF-Connecting-IP': '203.0.113.5' },
      body: new URLSearchParams({ ...validMessage, email: `${marker}<b>`, name: `${marker}<img src=x>` }).toString(),
    });
    const page = await problem.text();
    expect(problem.status).toBe(400);
    expect(page).toContain('Please enter an e-mail address like name@example.com.');
    expect(page).not.toContain(marker);
    const rules = parseHeaders(readFileSync(join(cloudflareClient, '_headers'), 'utf8'));
    expect(problem.headers.get('content-security-policy')).toBe(headersFor(rules, problemPagePath)['Content-Security-Policy']);
    for (const name of ['strict-transport-security', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy']) expect(problem.headers.get(name), name).toBeTruthy();

    // Two posts each for two visitors, then the first is refused, whatever its proxy headers say.
    for (const address of ['203.0.113.10', '203.0.113.20']) {
      for (const round of [1, 2]) expect((await post(address, { subject: `Limit ${address} ${round}` })).status).toBe(200);
    }
    const refused = await post('203.0.113.10', { subject: 'Limit, one too many' }, { 'X-Forwarded-For': '198.51.100.99', 'X-Real-IP': '198.51.100.98' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many messages/);
    expect((await post('203.0.113.30', { subject: 'Limit, a third visitor' })).status).toBe(200);
    // Each was tried at once (no mail server yet); a restart mid-attempt would leave it `sending`.
    await expect.poll(() => fromD1(async (store) => (await store.list()).every((message) => message.status === 'pending' && message.attempts >= 1))).toBe(true);

    // The count is in D1, not in the isolate: a new workerd still refuses the first visitor.
    await restart();
    expect((await post('203.0.113.10', { subject: 'Limit, after the restart' })).status).toBe(429);
    expect(await fromD1(async (store) => (await store.list()).map((message) => message.subject).sort())).toEqual(
      ['Limit 203.0.113.10 1', 'Limit 203.0.113.10 2', 'Limit 203.0.113.20 1', 'Limit 203.0.113.20 2', 'Limit, a third visitor'].sort(),
    );
  });

  test('with the mail server down, messages wait in D1 and are mailed exactly once when it returns, across restarts of workerd', async () => {
    const sent = (messages: StoredMessage[]) => messages.filter((message) => message.status === 'sent');
    const first = await post('198.51.100.1', { subject: 'Système de réservation', name: 'Ana "AJ" Lee' });
    const second = await post('198.51.100.2', { subject: 'Interrupted' });
    expect([first.status, second.status]).toEqual([200, 200]);
    const interruptedId = ((await second.json()) as { id: number }).id;
    // The attempt made right after each was stored found no mail server: they wait for a retry.
    await expect.poll(() => fromD1(async (store) => (await store.list()).every((message) => message.status === 'pending' && message.attempts >= 1))).toBe(true);

    // One send is cut off with its Worker (claimed long ago, never finished): the next cron marks
    // it uncertain, and it is never sent again.
    const cutOff = spawnSync(
      process.execPath,
      [join(projectRoot, 'node_modules/wrangler/bin/wrangler.js'), 'd1', 'execute', 'DB', '--local', '--persist-to', state, '--command', `UPDATE messages SET status = 'sending', claimed_at = '2000-01-01T00:00:00.000Z' WHERE id = ${interruptedId}`],
      { cwd: projectRoot, env: { ...process.env, WRANGLER_SEND_METRICS: 'false' }, encoding: 'utf8' },
    );
    expect(cutOff.status, cutOff.stderr).toBe(0);

    await restart();
    await runCron();
    expect(await fromD1(async (store) => (await store.get(interruptedId))?.status)).toBe('uncertain');
    expect(await fromD1((store) => store.count('sent'))).toBe(0);

    smtp = await startSmtpServer(smtpPort, { login });
    await expect
      .poll(
        async () => {
          await runCron();
          return fromD1((store) => store.count('pending'));
        },
        { timeout: 20_000 },
      )
      .toBe(0);

    // Another restart, and a message after it, mailed right after it is stored; then one more cron.
    await restart();
    const { id: thirdId } = (await (await post('198.51.100.3', { subject: 'Third' })).json()) as { id: number };
    await expect.poll(() => fromD1(async (store) => (await store.get(thirdId))?.status)).toBe('sent');
    await runCron();

    const stored = await fromD1((store) => store.list());
    const mailed = smtp.received.map((mail) => decodedHeaderOf(mail.raw, 'Subject'));
    expect(mailed.sort()).toEqual(sent(stored).map((message) => `Website enquiry: ${message.subject}`).sort());
    expect(stored.filter((message) => message.status !== 'sent').map((message) => [message.subject, message.status])).toEqual([['Interrupted', 'uncertain']]);
    // The visitor's words arrive whole: a quoted name as Reply-To, a subject with accents.
    const reservation = smtp.received.find((mail) => decodedHeaderOf(mail.raw, 'Subject') === 'Website enquiry: Système de réservation')!;
    expect(headerOf(reservation.raw, 'Reply-To')).toBe(`"Ana \\"AJ\\" Lee" <${validMessage.email}>`);
    expect(reservation.to).toEqual(['sales@example.com']);

    // The operator's view of the same store.
    const inbox = spawnSync(process.execPath, [join(projectRoot, 'scripts/inbox.ts'), '--cloudflare'], { cwd: projectRoot, env: { ...process.env, CLOUDFLARE_STATE: state }, encoding: 'utf8' });
    expect(inbox.status, inbox.stderr).toBe(0);
    expect(inbox.stdout).toContain(`${stored.length} messages (0 pending, ${sent(stored).length} sent, 1 uncertain, 0 failed, 0 spam)`);
    for (const message of stored) expect(inbox.stdout).toContain(message.subject.slice(0, 50));
  });
});
