import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { startSiteServer, type SiteProcess } from '../../scripts/site-process.ts';
import { healthProofMs } from '../../server/health.ts';
import { readStore } from '../support/contact-store.ts';
import { validMessage } from '../support/fixtures.ts';
import { projectRoot } from '../support/site-content.ts';

// What an operator relies on: the health endpoint, a clean stop on SIGTERM, backups and exports.
// Each test starts its own server (server/main.ts on the build that npm start made) and store.
test.describe.configure({ mode: 'serial' });

let workDir: string;
let database: string;
let server: SiteProcess | undefined;

test.beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'server-operations-'));
  database = join(workDir, 'contact.sqlite');
  server = await startSiteServer({ CONTACT_DB: database, CONTACT_MIN_FILL_SECONDS: '0', CONTACT_RATE_LIMIT: '100000' });
});

test.afterEach(async () => {
  await server?.stop().catch(() => undefined);
  await rm(workDir, { recursive: true, force: true });
});

function post(subject: string, fields: Partial<Record<keyof typeof validMessage, string>> = {}) {
  return fetch(`${server!.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ ...validMessage, ...fields, subject }),
  });
}

function storedCount(): Promise<number> {
  return readStore(database, (store) => store.count());
}

/** Runs one of the operator's npm scripts (as `node scripts/…`) against this test's store. */
function operatorScript(script: string, ...args: string[]) {
  return spawnSync(process.execPath, [join(projectRoot, 'scripts', script), ...args], { cwd: workDir, env: { ...process.env, CONTACT_DB: database }, encoding: 'utf8' });
}

test('GET /api/health reports the store, mail and the outbox backlog, never cached', async () => {
  const healthy = await fetch(`${server!.url}/api/health`);
  expect(healthy.status).toBe(200);
  expect(healthy.headers.get('cache-control')).toBe('no-store');
  expect(await healthy.json()).toEqual({ ok: true, store: { writable: true }, mail: { configured: false }, outbox: { pending: 0, oldestPendingSeconds: null } });

  // Without a mail server, an accepted message waits in the outbox.
  expect((await post('Waiting for mail')).status).toBe(200);
  const report = (await (await fetch(`${server!.url}/api/health`)).json()) as { outbox: { pending: number; oldestPendingSeconds: number } };
  expect(report.outbox.pending).toBe(1);
  expect(report.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
  expect(JSON.stringify(report)).not.toContain(validMessage.email);

  expect((await fetch(`${server!.url}/api/health`, { method: 'POST' })).status).toBe(405);
});

test('a flood of health checks from one address waits its turn, and the pages are answered meanwhile', async () => {
  const flood = Array.from({ length: 30 }, () => fetch(`${server!.url}/api/health`).then((response) => response.status));
  let answered = 0;
  void Promise.all(flood.map((status) => status.then(() => answered++)));
  // The pages come while most of the flood is still waiting for its turn.
  for (const path of ['/', '/Contact/', '/api/health-not', '/favicon.svg']) expect((await fetch(`${server!.url}${path}`)).status, path).toBeLessThan(500);
  expect(answered).toBeLessThan(flood.length / 2);
  expect(await Promise.all(flood)).toEqual(Array<number>(flood.length).fill(200));
});

test('health answers 503 while the store cannot be written, and 200 again after', async () => {
  // Another process holds the write lock, as a stuck backup or a full disk would stop writes.
  const other = new DatabaseSync(database);
  other.exec('BEGIN EXCLUSIVE');
  try {
    const blocked = await fetch(`${server!.url}/api/health`);
    expect(blocked.status).toBe(503);
    expect(((await blocked.json()) as { ok: boolean; store: { writable: boolean } }).store.writable).toBe(false);
  } finally {
    other.exec('ROLLBACK');
    other.close();
  }
  // A failed proof stands for one proof's time, like a good one; then the next proof succeeds.
  await expect.poll(async () => (await fetch(`${server!.url}/api/health`)).status, { timeout: healthProofMs + 5_000 }).toBe(200);
});

test('on SIGTERM the server stops accepting, finishes the post in flight, stores it and exits 0', async () => {
  const body = JSON.stringify({ ...validMessage, subject: 'Sent as the server stops' });
  const half = Math.floor(body.length / 2);
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = httpRequest(`${server!.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Content-Length': Buffer.byteLength(body) },
    });
    outgoing.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    outgoing.on('error', reject);
    outgoing.write(body.slice(0, half));
    // The rest follows once the server has said it is stopping.
    void expect.poll(() => server!.output(), { timeout: 10_000 }).toContain('finishing 1 request').then(() => outgoing.end(body.slice(half)));
  });
  // The post has reached the server (the health check shares the same loop) before the signal.
  await expect.poll(async () => (await fetch(`${server!.url}/api/health`)).status).toBe(200);
  const exited = new Promise<number | null>((resolve) => server!.child.once('exit', (code) => resolve(code)));
  const signalledAt = Date.now();
  server!.child.kill('SIGTERM');

  const { status, text } = await answer;
  expect(status).toBe(200);
  expect(JSON.parse(text)).toMatchObject({ ok: true });
  // No new connections once stopping.
  await expect(fetch(`${server!.url}/`)).rejects.toThrow();
  expect(await exited).toBe(0);
  expect(Date.now() - signalledAt).toBeLessThan(10_000);
  expect(await storedCount()).toBe(1);
  server = undefined;
});

test('npm run backup copies the store while the server runs, checks the copy, and never overwrites', async () => {
  for (const subject of ['First', 'Second', 'Third']) expect((await post(subject)).status).toBe(200);
  const backup = join(workDir, 'backup.sqlite');
  const run = operatorScript('backup.ts', backup);
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain('Backed up 3 messages');
  const subjects = await readStore(backup, async (copy) => (await copy.list()).map((message) => message.subject));
  expect(subjects).toEqual(['Third', 'Second', 'First']);
  // The server kept working during and after it.
  expect((await post('After the backup')).status).toBe(200);

  const again = operatorScript('backup.ts', backup);
  expect(again.status).toBe(1);
  expect(again.stderr).toContain('already exists');
});

test('npm run inbox -- --export writes every message to a CSV a spreadsheet opens safely', async () => {
  expect((await post('Plain')).status).toBe(200);
  const awkward = 'Line one, with "quotes"\nLine two';
  expect((await post('=HYPERLINK("x")', { message: awkward })).status).toBe(200);
  const file = join(workDir, 'messages.csv');
  const run = operatorScript('inbox.ts', '--export', file);
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain('2 messages written');

  const csv = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  const [header, first, second] = csv.split('\r\n');
  expect(header).toBe('id,receivedAt,status,name,email,phone-number,subject,message,sentAt');
  expect(first).toContain(`,${validMessage['phone-number']},`);
  expect(csv).not.toContain('undefined');
  expect(first).toContain(',Plain,');
  // A formula is neutralised, and quotes, commas and line breaks are quoted as RFC 4180 says.
  expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  expect(csv).toContain(`"Line one, with ""quotes""\nLine two"`);
  expect(second).toMatch(/^2,/);
  expect(csv).not.toContain('127.0.0.1');
});
