import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as connectPlain, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as connectTls } from 'node:tls';
import { brotliDecompressSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { startSiteServer, type SiteProcess } from '../../scripts/site-process.ts';
import { requestTimeouts } from '../../server/request-limits.ts';
import { storedWithSubject } from '../support/contact-store.ts';
import { validMessage } from '../support/fixtures.ts';
import { projectRoot, services } from '../support/site-content.ts';
import { editorSettings } from '../../playwright.config.ts';
import { sendFormInBrowser } from './support.ts';

// The shipped deploy/Caddyfile, run by Debian's Caddy as in production: over HTTPS (Caddy's own
// certificate for 127.0.0.1), kept on loopback by CADDY_BIND and CADDY_HTTP_PORT, in front of
// `npm run serve` with TRUST_PROXY set as deploy/impact-website.service sets it. Visitors connect
// from different loopback addresses (127.0.0.2, 127.0.0.3, …); the browser from 127.0.0.1.
test.describe.configure({ mode: 'serial' });

const caddyPath = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const rateLimit = 2;
const healthToken = 'reverse-proxy-health-token-0123456789';

let workDir: string;
let database: string;
let node: SiteProcess;
let caddy: ChildProcess;
let caddyOutput = '';
let proxyPort: number;
let proxyOrigin: string;
/** Caddy's own root certificate, which a visitor's browser would have to trust for 127.0.0.1. */
let caddyRoot: Buffer;

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

/**
 * One request from a chosen local (source) address, its path sent exactly as written: over HTTPS
 * to Caddy, or over plain http straight to Node.
 */
function send(target: 'proxy' | 'node', from: string, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const common = { host: '127.0.0.1', localAddress: from, method: options.method ?? 'GET', path: options.path ?? '/', headers: options.headers, agent: false as const };
    const onResponse = (response: import('node:http').IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    };
    const outgoing =
      target === 'proxy'
        ? httpsRequest({ ...common, port: proxyPort, ca: caddyRoot }, onResponse)
        : httpRequest({ ...common, port: Number(new URL(node.url).port) }, onResponse);
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** A contact post (JSON, as a script without a browser sends it) with a subject to find it by. */
function postEnquiry(target: 'proxy' | 'node', from: string, subject: string, headers: Record<string, string> = {}): Promise<Answer> {
  return send(target, from, {
    method: 'POST',
    path: '/api/contact',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify({ ...validMessage, subject }),
  });
}

/** The stored message with this subject, if any. */
function stored(subject: string) {
  return storedWithSubject(database, subject, { limit: 500 });
}

/** The durations Caddy is given in the shipped Caddyfile, by name (read_header, read_body, …), in ms. */
function caddyTimeouts(): Record<string, number> {
  const block = /timeouts\s*\{([^}]*)\}/.exec(readFileSync(join(projectRoot, 'deploy/Caddyfile'), 'utf8'))?.[1] ?? '';
  const unit = { s: 1000, m: 60_000 } as const;
  return Object.fromEntries([...block.matchAll(/(\w+)\s+(\d+)([sm])/g)].map(([, name, amount, suffix]) => [name!, Number(amount) * unit[suffix as 's' | 'm']]));
}

test.beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'reverse-proxy-'));
  database = join(workDir, 'contact.sqlite');
  node = await startSiteServer({
    TRUST_PROXY: '127.0.0.1,::1',
    CONTACT_RATE_LIMIT: String(rateLimit),
    CONTACT_MIN_FILL_SECONDS: '0',
    CONTACT_DB: database,
    HEALTH_TOKEN: healthToken,
    // The browser editor too, as an operator who edits on the live site runs it.
    ...editorSettings,
  });
  proxyPort = await freePort();
  proxyOrigin = `https://127.0.0.1:${proxyPort}`;
  caddy = spawn(caddyPath, ['run', '--config', join(projectRoot, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
    cwd: workDir,
    // Caddy keeps its state (and its certificate authority) under HOME/XDG folders: a temporary one.
    env: {
      PATH: process.env.PATH,
      HOME: workDir,
      XDG_DATA_HOME: workDir,
      XDG_CONFIG_HOME: workDir,
      SITE_ADDRESS: proxyOrigin,
      UPSTREAM: new URL(node.url).host,
      CADDY_ADMIN: 'off',
      CADDY_BIND: '127.0.0.1',
      CADDY_HTTP_PORT: String(await freePort()),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout!.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
  caddy.stderr!.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
  // Ready when it answers with the home page through to Node, over HTTPS with the certificate it
  // made for itself (its authority's root appears once Caddy has started).
  const rootPath = join(workDir, 'caddy/pki/authorities/local/root.crt');
  await expect
    .poll(
      async () => {
        try {
          caddyRoot ??= readFileSync(rootPath);
        } catch {
          return null;
        }
        return (await send('proxy', '127.0.0.1', {}).catch(() => null))?.status;
      },
      { timeout: 20_000, message: `Caddy did not start:\n${caddyOutput}` },
    )
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

test('a browser sends the form over HTTPS through the shipped Caddyfile, with JavaScript and without, and both are stored', async ({ browser }) => {
  for (const javaScript of [true, false]) {
    const subject = await sendFormInBrowser(browser, proxyOrigin, { javaScript });
    expect(await stored(subject), subject).toMatchObject({ status: 'pending', ip: '127.0.0.1', email: validMessage.email });
  }
});

test('a cross-site post, or one that claims plain http behind HTTPS, is refused and stored nowhere', async () => {
  const form = (origin: string, subject: string) =>
    send('proxy', '127.0.0.7', {
      method: 'POST',
      path: '/api/contact',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
      body: new URLSearchParams({ ...validMessage, subject }).toString(),
    });
  expect((await form('https://evil.example', 'cross-site')).status).toBe(403);
  expect((await form(`http://127.0.0.1:${proxyPort}`, 'plain http')).status).toBe(403);
  expect((await postEnquiry('proxy', '127.0.0.7', 'cross-site JSON', { Origin: 'https://evil.example' })).status).toBe(403);
  for (const subject of ['cross-site', 'plain http', 'cross-site JSON']) expect(await stored(subject)).toBeUndefined();
});

test('each visitor behind the proxy has a limit of their own, and the store records their address', async () => {
  for (let post = 1; post <= rateLimit; post++) expect((await postEnquiry('proxy', '127.0.0.2', `visitor two ${post}`)).status).toBe(200);
  expect((await postEnquiry('proxy', '127.0.0.2', 'visitor two, one too many')).status).toBe(429);
  // Another visitor, through the same proxy, is not affected.
  expect((await postEnquiry('proxy', '127.0.0.3', 'visitor three')).status).toBe(200);

  expect((await stored('visitor two 1'))?.ip).toBe('127.0.0.2');
  expect((await stored('visitor three'))?.ip).toBe('127.0.0.3');
  expect(await stored('visitor two, one too many')).toBeUndefined();
});

test('a visitor who sends a different X-Forwarded-For each time is still limited', async () => {
  const answers = [];
  for (let post = 1; post <= rateLimit + 1; post++) answers.push((await postEnquiry('proxy', '127.0.0.4', `rotating ${post}`, { 'X-Forwarded-For': `198.51.100.${post}` })).status);
  expect(answers).toEqual([...Array<number>(rateLimit).fill(200), 429]);
  expect((await stored('rotating 1'))?.ip).toBe('127.0.0.4');
});

test('a direct connection that skips the proxy cannot choose its address', async () => {
  const answers = [];
  for (let post = 1; post <= rateLimit + 1; post++) answers.push((await postEnquiry('node', '127.0.0.5', `direct ${post}`, { 'X-Forwarded-For': `203.0.113.${post}` })).status);
  expect(answers).toEqual([...Array<number>(rateLimit).fill(200), 429]);
  expect((await stored('direct 1'))?.ip).toBe('127.0.0.5');
});

test('pages come through the proxy compressed once, by Node, with Node’s headers', async () => {
  const direct = await send('node', '127.0.0.1', { headers: { 'Accept-Encoding': 'br' } });
  const proxied = await send('proxy', '127.0.0.6', { headers: { 'Accept-Encoding': 'br' } });
  expect(proxied.status).toBe(200);
  expect(proxied.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(proxied.body)).toEqual(brotliDecompressSync(direct.body));
  expect(proxied.headers['content-security-policy']).toBe(direct.headers['content-security-policy']);
});

test('methods the site does not serve get 405 with Allow, and never reach the site’s code', async () => {
  const cases = [
    ['TRACE', '/', 'GET, HEAD'],
    ['PUT', '/', 'GET, HEAD'],
    ['PROPFIND', `/${services[0]!.id}/`, 'GET, HEAD'],
    ['DELETE', '/api/contact', 'POST'],
    ['PATCH', '/api/health', 'GET, HEAD'],
  ] as const;
  for (const [method, path, allow] of cases) {
    for (const target of ['proxy', 'node'] as const) {
      const answer = await send(target, '127.0.0.8', { method, path });
      expect(answer.status, `${method} ${path} via ${target}`).toBe(405);
      expect(answer.headers.allow, `${method} ${path} via ${target}`).toBe(allow);
    }
  }
  expect(node.output()).not.toMatch(/^\s+at /m);
});

test('the editor’s GitHub login returns to the HTTPS address the visitor used, and a forged one from past the proxy is ignored', async () => {
  const callback = (answer: Answer) => new URL(answer.headers.location!).searchParams.get('redirect_uri');
  const throughProxy = await send('proxy', '127.0.0.10', { path: '/api/keystatic/github/login' });
  expect(throughProxy.status).toBe(307);
  expect(callback(throughProxy)).toBe(`${proxyOrigin}/api/keystatic/github/oauth/callback`);
  // Straight to Node from an address that is not the proxy: its X-Forwarded-* are its own words.
  const host = new URL(node.url).host;
  const forged = await send('node', '127.0.0.10', { path: '/api/keystatic/github/login', headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example' } });
  expect(callback(forged)).toBe(`http://${host}/api/keystatic/github/oauth/callback`);
});

test('a directory address typed to lead off the site leads to the page on this site', async () => {
  const page = services[0]!.id;
  for (const path of [`/.//evil.example/..%2f${page}`, `//evil.example/..%2f${page}`, `/.%2f%2fevil.example%2f..%2f${page}`]) {
    for (const target of ['proxy', 'node'] as const) {
      const answer = await send(target, '127.0.0.9', { path });
      expect(answer.status, `${path} via ${target}`).toBe(301);
      expect(answer.headers.location, `${path} via ${target}`).toBe(`/${page}/`);
    }
  }
});

test('health says only up or down to the world, and the details to this machine or a monitor with the token', async () => {
  // Through the proxy from this machine: the details.
  const local = JSON.parse((await send('proxy', '127.0.0.1', { path: '/api/health' })).body.toString()) as Record<string, unknown>;
  expect(local).toMatchObject({ ok: true, store: { writable: true }, mail: { configured: false } });
  // A visitor from elsewhere, as the proxy reports them: up or down only, unless they hold the token.
  const fromAfar = { 'X-Forwarded-For': '203.0.113.50' };
  expect(JSON.parse((await send('node', '127.0.0.1', { path: '/api/health', headers: fromAfar })).body.toString())).toEqual({ ok: true });
  const withToken = await send('node', '127.0.0.1', { path: '/api/health', headers: { ...fromAfar, Authorization: `Bearer ${healthToken}` } });
  expect(JSON.parse(withToken.body.toString())).toMatchObject({ ok: true, outbox: { pending: expect.any(Number) } });
  const wrongToken = await send('node', '127.0.0.1', { path: '/api/health', headers: { ...fromAfar, Authorization: 'Bearer guess' } });
  expect(JSON.parse(wrongToken.body.toString())).toEqual({ ok: true });
});

/** A client that sends its request a byte at a time and never finishes: how long until the server hangs up. */
function slowClient(target: 'proxy' | 'node', part: 'headers' | 'body', from: string): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const port = target === 'proxy' ? proxyPort : Number(new URL(node.url).port);
    const tcp = connectPlain({ host: '127.0.0.1', port, localAddress: from });
    const socket: Socket = target === 'proxy' ? connectTls({ socket: tcp, host: '127.0.0.1', ca: caddyRoot }) : tcp;
    let answer = '';
    let drip: NodeJS.Timeout | undefined;
    socket.once(target === 'proxy' ? 'secureConnect' : 'connect', () => {
      if (part === 'headers') {
        socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 500);
      } else {
        socket.write('POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 30000\r\n\r\n{"name":"');
        drip = setInterval(() => socket.write('a'), 500);
      }
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearInterval(drip);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
  });
}

test('slow senders are cut off within the set timeouts, by Caddy and by Node, while other visitors are served', async () => {
  test.setTimeout(requestTimeouts.requestTimeout + 30_000);
  // The shipped Caddyfile and Node hold clients to the same limits.
  expect(caddyTimeouts()).toMatchObject({ read_header: requestTimeouts.headersTimeout, read_body: requestTimeouts.requestTimeout });
  const logBefore = node.output().length;
  const slow = {
    proxyHeaders: slowClient('proxy', 'headers', '127.0.0.11'),
    nodeHeaders: slowClient('node', 'headers', '127.0.0.12'),
    proxyBody: slowClient('proxy', 'body', '127.0.0.13'),
    nodeBody: slowClient('node', 'body', '127.0.0.14'),
  };
  // Meanwhile, a visitor's page comes as usual, again and again.
  let stillSlow = true;
  const allCut = Promise.all(Object.values(slow)).finally(() => (stillSlow = false));
  let visits = 0;
  while (stillSlow) {
    expect((await send('proxy', '127.0.0.10', {})).status).toBe(200);
    visits++;
    await Promise.race([allCut, new Promise((resolve) => setTimeout(resolve, 1_000))]);
  }
  expect(visits).toBeGreaterThan(requestTimeouts.headersTimeout / 1_000);

  const cut = Object.fromEntries(await Promise.all(Object.entries(slow).map(async ([name, client]) => [name, await client] as const)));
  const slack = requestTimeouts.connectionsCheckingInterval + 2_000;
  for (const name of ['proxyHeaders', 'nodeHeaders'] as const) {
    expect(cut[name]!.closedAfterMs, name).toBeGreaterThanOrEqual(requestTimeouts.headersTimeout - 500);
    expect(cut[name]!.closedAfterMs, name).toBeLessThanOrEqual(requestTimeouts.headersTimeout + slack);
  }
  for (const name of ['proxyBody', 'nodeBody'] as const) {
    expect(cut[name]!.closedAfterMs, name).toBeGreaterThanOrEqual(requestTimeouts.requestTimeout - 500);
    expect(cut[name]!.closedAfterMs, name).toBeLessThanOrEqual(requestTimeouts.requestTimeout + slack);
  }
  expect(cut.nodeHeaders!.answer).toMatch(/^HTTP\/1\.1 408/);
  // An upload cut off is one line in the log, without a stack trace.
  await expect.poll(() => node.output().slice(logBefore)).toContain('stopped arriving part-way');
  expect(node.output().slice(logBefore)).not.toMatch(/^\s+at /m);
});
