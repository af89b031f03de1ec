import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startSiteServer, type SiteProcess } from '../../scripts/site-process';
import { readStore } from '../support/contact-store.ts';
import { validMessage } from '../support/fixtures.ts';
import { answersOutside4xx, hostileContactPosts } from '../support/hostile-posts.ts';
import { headerOf, startSmtpServer } from '../support/smtp.ts';

// These tests start their own servers (server/main.ts on the build that npm start made), each with
// its own store, mail server and limits, and talk to them over loopback only.
test.describe.configure({ mode: 'serial' });

const valid = validMessage;
const servers: SiteProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

test.afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop().catch(() => undefined);
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function freshDatabase(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'contact-e2e-')), 'contact.sqlite');
}

async function start(env: Record<string, string>): Promise<SiteProcess> {
  const server = await startSiteServer({ CONTACT_MIN_FILL_SECONDS: '0', CONTACT_RATE_LIMIT: '100000', ...env });
  servers.push(server);
  return server;
}

function postJson(server: SiteProcess, fields: Record<string, string>) {
  return fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(fields),
  });
}

test('an accepted message is mailed through SMTP with the right fields', async () => {
  const smtp = await startSmtpServer();
  cleanups.push(smtp.close);
  const database = await freshDatabase();
  const server = await start({ CONTACT_DB: database, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), CONTACT_TO: 'sales@example.com' });
  expect(server.output()).toContain(`mailed to sales@example.com through 127.0.0.1:${smtp.port}`);

  const response = await postJson(server, { ...valid, subject: 'Booking system' });
  expect(response.status).toBe(200);
  const { id } = (await response.json()) as { id: number };
  await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
  const mail = smtp.received[0]!;
  expect(mail.to).toEqual(['sales@example.com']);
  expect(headerOf(mail.raw, 'Subject')).toBe('Website enquiry: Booking system');
  expect(headerOf(mail.raw, 'Reply-To')).toBe('Ana Lee <ana@example.org>');
  expect(mail.raw).toContain('0412 345 678');
  expect(mail.raw).toContain('booking system');
  await expect.poll(() => readStore(database, async (store) => (await store.get(id))?.status)).toBe('sent');
});

test('with the mail server down, messages wait in the store and are mailed exactly once when it returns, across a restart', async () => {
  const probe = await startSmtpServer();
  const smtpPort = probe.port;
  await probe.close();
  const database = await freshDatabase();
  const env = { CONTACT_DB: database, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), CONTACT_RETRY_BASE_SECONDS: '1', CONTACT_RETRY_MAX_SECONDS: '2' };

  let server = await start(env);
  for (const subject of ['First', 'Second']) expect((await postJson(server, { ...valid, subject })).status).toBe(200);
  await expect.poll(() => readStore(database, async (store) => (await store.list()).map((message) => message.attempts >= 1 && message.status === 'pending'))).toEqual([true, true]);

  // Restart while the mail server is still down: nothing is lost, nothing is sent.
  await server.stop();
  servers.length = 0;
  server = await start(env);

  const smtp = await startSmtpServer(smtpPort);
  cleanups.push(smtp.close);
  await expect.poll(() => readStore(database, (store) => store.count('sent')), { timeout: 15_000 }).toBe(2);

  // Another restart: still exactly one mail per message. The outbox mails oldest first, so once a
  // message posted after the restart has gone out, any resend of the first two would have too.
  await server.stop();
  servers.length = 0;
  server = await start(env);
  const { id: thirdId } = (await (await postJson(server, { ...valid, subject: 'Third' })).json()) as { id: number };
  await expect.poll(() => readStore(database, async (store) => (await store.get(thirdId))?.status), { timeout: 15_000 }).toBe('sent');
  expect(smtp.received.map((mail) => headerOf(mail.raw, 'Subject')).sort()).toEqual([
    'Website enquiry: First',
    'Website enquiry: Second',
    'Website enquiry: Third',
  ]);
});

test('without SMTP settings, messages stay in the store and the start-up log says so', async () => {
  const database = await freshDatabase();
  const server = await start({ CONTACT_DB: database });
  expect(server.output()).toContain('No SMTP server is configured (SMTP_HOST): enquiries are stored in');
  expect((await postJson(server, valid)).status).toBe(200);
  expect(await readStore(database, (store) => store.count('pending'))).toBe(1);
});

test('killed hard mid-batch, every message that was answered "sent" is in the store after restart', async () => {
  const database = await freshDatabase();
  const server = await start({ CONTACT_DB: database });
  const accepted: { id: number; subject: string }[] = [];
  let started = 0;
  let settled = 0;
  let enoughAccepted!: () => void;
  const fiftyAccepted = new Promise<void>((resolve) => (enoughAccepted = resolve));
  // Twenty visitors post one message after another until the server dies under them, so posts are
  // always in flight when it is killed, however fast it answers (a batch can answer dozens at once).
  const senders = Array.from({ length: 20 }, async (_, sender) => {
    for (let message = 0; ; message++) {
      const subject = `Crash ${sender}-${message}`;
      started++;
      try {
        const response = await postJson(server, { ...valid, subject });
        if (response.status === 200) accepted.push({ id: ((await response.json()) as { id: number }).id, subject });
        if (accepted.length >= 50) enoughAccepted();
      } catch {
        // The connection died with the server: this visitor was not told the message arrived.
        return;
      } finally {
        settled++;
      }
    }
  });
  await fiftyAccepted;
  const inFlightAtKill = started - settled;
  await server.kill();
  servers.length = 0;
  await Promise.all(senders);
  expect(inFlightAtKill).toBeGreaterThan(0);
  expect(accepted.length).toBeGreaterThanOrEqual(50);

  await start({ CONTACT_DB: database });
  const missing = await readStore(database, async (store) => {
    const found = await Promise.all(accepted.map(async ({ id, subject }) => ((await store.get(id))?.subject === subject ? null : { id, subject })));
    return found.filter((entry) => entry !== null);
  });
  expect(missing).toEqual([]);
});

test('hundreds of malformed requests each get a 4xx answer, and the server stays up', async () => {
  const database = await freshDatabase();
  const server = await start({ CONTACT_DB: database });
  const cases = hostileContactPosts(server.url);
  expect(cases.length).toBeGreaterThanOrEqual(500);
  const wrong = await answersOutside4xx(`${server.url}/api/contact`, cases);
  // Raw garbage straight onto the socket: Node answers 400 and the server carries on.
  for (let index = 0; index < 10; index++) {
    await new Promise<void>((resolve) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.end(randomBytes(200)));
      socket.on('data', () => undefined);
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
  }
  expect(wrong).toEqual([]);

  expect((await fetch(`${server.url}/`)).status).toBe(200);
  expect((await postJson(server, valid)).status).toBe(200);
  expect(await readStore(database, (store) => store.count())).toBe(1);
});

test('each status means what it says: 405, 413, 415, 429 with Retry-After, and 403 for cross-site posts', async () => {
  const server = await start({ CONTACT_DB: await freshDatabase(), CONTACT_RATE_LIMIT: '3', CONTACT_RATE_WINDOW_SECONDS: '600' });
  const endpoint = `${server.url}/api/contact`;
  const get = await fetch(endpoint);
  expect(get.status).toBe(405);
  expect(get.headers.get('allow')).toBe('POST');

  const crossSite = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
    body: new URLSearchParams(valid).toString(),
  });
  expect(crossSite.status).toBe(403);
  expect((await postJson(server, valid)).status).toBe(200);

  expect((await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'text/xml' }, body: '<x/>' })).status).toBe(415);
  expect((await postJson(server, { ...valid, message: 'z'.repeat(40_000) })).status).toBe(413);
  // 415, 200 and 413 used up the limit of three (the 405 and 403 never reach it).
  const limited = await postJson(server, valid);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(((await limited.json()) as { message: string }).message).toMatch(/Too many messages/);
});

test('no answer repeats what a visitor sent: the problem page and the JSON list only our own words', async () => {
  const server = await start({ CONTACT_DB: await freshDatabase() });
  // A marker in every field (the phone makes the post invalid), and markup that would run if echoed.
  const marker = `marker${randomBytes(6).toString('hex')}`;
  const fields = { ...valid, name: `${marker}<img src=x onerror=alert(1)>`, subject: `${marker}<script>alert(1)</script>`, 'phone-number': `${marker}12` };
  const form = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
    body: new URLSearchParams(fields).toString(),
  });
  expect(form.status).toBe(400);
  const html = await form.text();
  expect(html).toContain('Message not sent');
  expect(html).toContain('Phone number');
  expect(html).not.toContain(marker);

  const json = await postJson(server, fields);
  expect(json.status).toBe(400);
  const text = await json.text();
  expect(JSON.parse(text)).toMatchObject({ ok: false, errors: { 'phone-number': expect.any(String) } });
  expect(text).not.toContain(marker);
});
