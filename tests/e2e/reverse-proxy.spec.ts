import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { startSiteServer, type SiteProcess } from '../../scripts/site-process.ts';
import { ContactStore } from '../../server/contact/store.ts';
import { validMessage } from '../support/fixtures.ts';
import { projectRoot } from '../support/site-content.ts';

// The shipped deploy/Caddyfile, run by Debian's Caddy with only its site address swapped for a
// loopback one, in front of `npm run serve` with TRUST_PROXY set as deploy/impact-website.service
// sets it. Visitors connect from different loopback addresses (127.0.0.2, 127.0.0.3, …).
test.describe.configure({ mode: 'serial' });

const caddyPath = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const rateLimit = 2;

let workDir: string;
let database: string;
let node: SiteProcess;
let caddy: ChildProcess;
let caddyOutput = '';
let proxyPort: number;

/** A port that is free now, for Caddy (which cannot report the one it picked). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTP request from a chosen local (source) address. */
function send(port: number, from: string, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, localAddress: from, method: options.method ?? 'GET', path: options.path ?? '/', headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** A contact post (JSON) with a subject to find it by, from `from`, to `port`. */
function postEnquiry(port: number, from: string, subject: string, forwardedFor?: string): Promise<Answer> {
  return send(port, from, {
    method: 'POST',
    path: '/api/contact',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) },
    body: JSON.stringify({ ...validMessage, subject }),
  });
}

/** The address the store recorded for the message with this subject. */
function storedAddress(subject: string): string | null | undefined {
  const store = new ContactStore(database);
  try {
    return store.list(500).find((message) => message.subject === subject)?.ip;
  } finally {
    store.close();
  }
}

test.beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'reverse-proxy-'));
  database = join(workDir, 'contact.sqlite');
  node = await startSiteServer({ TRUST_PROXY: '127.0.0.1,::1', CONTACT_RATE_LIMIT: String(rateLimit), CONTACT_DB: database });
  proxyPort = await freePort();
  caddy = spawn(caddyPath, ['run', '--config', join(projectRoot, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
    cwd: workDir,
    // Caddy keeps its state under HOME/XDG folders: a temporary one, and no admin endpoint to collide on.
    env: { PATH: process.env.PATH, HOME: workDir, XDG_DATA_HOME: workDir, XDG_CONFIG_HOME: workDir, SITE_ADDRESS: `http://127.0.0.1:${proxyPort}`, UPSTREAM: new URL(node.url).host, CADDY_ADMIN: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout!.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
  caddy.stderr!.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
  // Ready when it answers with the home page through to Node.
  await expect
    .poll(async () => (await send(proxyPort, '127.0.0.1', {}).catch(() => null))?.status, { timeout: 20_000, message: `Caddy did not start:\n${caddyOutput}` })
    .toBe(200);
});

test.afterAll(async () => {
  if (caddy && caddy.exitCode === null) {
    const exited = new Promise((done) => caddy.once('exit', done));
    caddy.kill('SIGTERM');
    await exited;
  }
  await node?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

test('each visitor behind the proxy has a limit of their own, and the store records their address', async () => {
  for (let post = 1; post <= rateLimit; post++) expect((await postEnquiry(proxyPort, '127.0.0.2', `visitor two ${post}`)).status).toBe(200);
  expect((await postEnquiry(proxyPort, '127.0.0.2', 'visitor two, one too many')).status).toBe(429);
  // Another visitor, through the same proxy, is not affected.
  expect((await postEnquiry(proxyPort, '127.0.0.3', 'visitor three')).status).toBe(200);

  expect(storedAddress('visitor two 1')).toBe('127.0.0.2');
  expect(storedAddress('visitor three')).toBe('127.0.0.3');
  expect(storedAddress('visitor two, one too many')).toBeUndefined();
});

test('a visitor who sends a different X-Forwarded-For each time is still limited', async () => {
  const answers = [];
  for (let post = 1; post <= rateLimit + 1; post++) answers.push((await postEnquiry(proxyPort, '127.0.0.4', `rotating ${post}`, `198.51.100.${post}`)).status);
  expect(answers).toEqual([...Array<number>(rateLimit).fill(200), 429]);
  expect(storedAddress('rotating 1')).toBe('127.0.0.4');
});

test('a direct connection that skips the proxy cannot choose its address', async () => {
  const nodePort = Number(new URL(node.url).port);
  const answers = [];
  for (let post = 1; post <= rateLimit + 1; post++) answers.push((await postEnquiry(nodePort, '127.0.0.5', `direct ${post}`, `203.0.113.${post}`)).status);
  expect(answers).toEqual([...Array<number>(rateLimit).fill(200), 429]);
  expect(storedAddress('direct 1')).toBe('127.0.0.5');
});

test('pages come through the proxy compressed once, by Node, with Node’s headers', async () => {
  const direct = await send(Number(new URL(node.url).port), '127.0.0.1', { headers: { 'Accept-Encoding': 'br' } });
  const proxied = await send(proxyPort, '127.0.0.6', { headers: { 'Accept-Encoding': 'br' } });
  expect(proxied.status).toBe(200);
  expect(proxied.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(proxied.body)).toEqual(brotliDecompressSync(direct.body));
  expect(proxied.headers['content-security-policy']).toBe(direct.headers['content-security-policy']);
});
