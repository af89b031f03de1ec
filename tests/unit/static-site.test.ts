import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../server/send-file.ts';
import { cacheControlFor, createStaticSiteHandler, resolvePath } from '../../server/static-site';
import { precompressFolder } from '../../src/lib/publishing/precompress.ts';

let root: string;
let compressedRoot: string;
let server: Server;
let origin: string;
const bigPage = `<!doctype html><title>About</title>${'<p>We build software.</p>'.repeat(200)}`;
/** A 2 MB download, for range requests. */
const brochure = Buffer.alloc(2 * 1024 * 1024, 'Impact IT Solutions brochure. ');
const oneMegabyte = 1024 * 1024;

/** A GET that keeps the path and the bytes on the wire as they are (fetch would normalise the one and decode the other). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    get({ hostname, port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'static-site-'));
  await mkdir(join(root, 'AboutUs'));
  await mkdir(join(root, 'empty'));
  await mkdir(join(root, '_astro'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Home</title>');
  await writeFile(join(root, '404.html'), '<!doctype html><title>Page not found</title>');
  await writeFile(join(root, 'AboutUs', 'index.html'), bigPage);
  await writeFile(join(root, '_astro', 'app.AbC123.js'), 'console.log(1)');
  await writeFile(join(root, 'brochure.pdf'), brochure);
  await writeFile(join(root, '_redirects'), '/AboutUs/:sub /AboutUs/ 301\n/AboutUs/:sub/* /AboutUs/ 301\n/team /AboutUs/ 200\n');
  await writeFile(join(tmpdir(), 'outside-secret.txt'), 'secret');

  // What the build does: copies compressed once, beside the site (src/integrations/precompress.ts).
  compressedRoot = await mkdtemp(join(tmpdir(), 'static-site-compressed-'));
  await precompressFolder(root, compressedRoot);
  // A text file written after that step has no compressed copy.
  await writeFile(join(root, 'late.txt'), 'written after the build. '.repeat(200));
  const handle = createStaticSiteHandler(root, undefined, { compressedRoot });
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
  await rm(compressedRoot, { recursive: true, force: true });
});

describe('resolvePath', () => {
  it('serves files and directory index pages', async () => {
    expect(await resolvePath(root, '/')).toEqual({ kind: 'file', filePath: join(root, 'index.html'), status: 200 });
    expect(await resolvePath(root, '/AboutUs/')).toEqual({ kind: 'file', filePath: join(root, 'AboutUs', 'index.html'), status: 200 });
  });

  it('redirects a directory without its trailing slash to the canonical URL', async () => {
    expect(await resolvePath(root, '/AboutUs')).toEqual({ kind: 'redirect', location: '/AboutUs/' });
  });

  it('builds the redirect from the folder found, so no typed path can lead off the site', async () => {
    // What a URL parser leaves of `/.//evil.example/..%2fAboutUs`, and variants with backslashes and encodings.
    for (const path of ['//evil.example/..%2fAboutUs', '//evil.example/%2e%2e/AboutUs', '/\\evil.example/..%2fAboutUs', '/%2fevil.example%2f..%2fAboutUs', '/./AboutUs']) {
      expect(await resolvePath(root, path), path).toEqual({ kind: 'redirect', location: '/AboutUs/' });
    }
    expect(await resolvePath(root, '//evil.example/%2e%2e')).toEqual({ kind: 'redirect', location: '/' });
  });

  it('answers the 404 page for unknown paths and directories without an index', async () => {
    const notFound = { kind: 'file', filePath: join(root, '404.html'), status: 404 };
    expect(await resolvePath(root, '/nope/')).toEqual(notFound);
    expect(await resolvePath(root, '/empty/')).toEqual(notFound);
  });

  it('never leaves the site folder and rejects malformed addresses', async () => {
    expect(await resolvePath(root, '/../outside-secret.txt')).toEqual({ kind: 'bad-request' });
    expect(await resolvePath(root, '/%2e%2e/outside-secret.txt')).toEqual({ kind: 'bad-request' });
    expect(await resolvePath(root, '/%E0%A4%A')).toEqual({ kind: 'bad-request' });
    expect(await resolvePath(root, '/index.html%00.png')).toEqual({ kind: 'bad-request' });
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and respects q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
  });
});

describe('cacheControlFor', () => {
  it('caches hashed assets for a year and revalidates pages', () => {
    expect(cacheControlFor('/_astro/app.AbC123.js')).toContain('immutable');
    expect(cacheControlFor('/AboutUs/')).toContain('must-revalidate');
  });
});

describe('the static site handler over HTTP', () => {
  it('serves a page with its content type', async () => {
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('<title>Home</title>');
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    const response = await fetch(`${origin}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found');
  });

  it('redirects to the trailing-slash URL, keeping the query', async () => {
    const response = await fetch(`${origin}/AboutUs?ref=mail`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/AboutUs/?ref=mail');
  });

  it('sends the copy compressed at build time, byte for byte, and compresses nothing on a request', async () => {
    for (const [encoding, suffix] of [['br', 'br'], ['gzip', 'gz']] as const) {
      const response = await rawGet('/AboutUs/', { 'Accept-Encoding': encoding });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.body).toEqual(await readFile(join(compressedRoot, 'AboutUs', `index.html.${suffix}`)));
    }
    // A plain answer where copies exist still says it depends on Accept-Encoding, for caches.
    expect((await rawGet('/AboutUs/')).headers.vary).toBe('Accept-Encoding');
    const late = await rawGet('/late.txt', { 'Accept-Encoding': 'br, gzip' });
    expect(late.headers['content-encoding']).toBeUndefined();
    expect(late.headers.vary).toBeUndefined();
    expect(late.body.toString()).toBe('written after the build. '.repeat(200));
  });

  it('revalidates: the ETag of the copy sent earns a 304 with no body; other files by date too', async () => {
    for (const encoding of ['br', 'identity']) {
      const first = await rawGet('/AboutUs/', { 'Accept-Encoding': encoding });
      expect(first.headers.etag).toBeTruthy();
      const again = await rawGet('/AboutUs/', { 'Accept-Encoding': encoding, 'If-None-Match': first.headers.etag! });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers['cache-control']).toContain('must-revalidate');
      // A page carries no Last-Modified and no Accept-Ranges: bytes its first answer cannot spare.
      expect(first.headers['last-modified']).toBeUndefined();
      expect(first.headers['accept-ranges']).toBeUndefined();
    }
    const file = await rawGet('/brochure.pdf');
    expect(file.headers['accept-ranges']).toBe('bytes');
    const byDate = await rawGet('/brochure.pdf', { 'If-Modified-Since': file.headers['last-modified']! });
    expect(byDate.status).toBe(304);
    // The brotli and plain copies are different bytes, so they have different tags.
    expect((await rawGet('/AboutUs/', { 'Accept-Encoding': 'br' })).headers.etag).not.toBe((await rawGet('/AboutUs/')).headers.etag);
  });

  it('answers a 1 MB range request with 206 and exactly those bytes', async () => {
    const response = await rawGet('/brochure.pdf', { Range: `bytes=${oneMegabyte}-${2 * oneMegabyte - 1}` });
    expect(response.status).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${oneMegabyte}-${2 * oneMegabyte - 1}/${brochure.length}`);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.body).toEqual(brochure.subarray(oneMegabyte, 2 * oneMegabyte));
    const pastTheEnd = await rawGet('/brochure.pdf', { Range: `bytes=${brochure.length}-` });
    expect(pastTheEnd.status).toBe(416);
    expect(pastTheEnd.headers['content-range']).toBe(`bytes */${brochure.length}`);
  });

  it('compresses text with brotli or gzip, as the client asks', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${origin}/AboutUs/`, { headers: { 'Accept-Encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      // fetch decodes transparently, so compare the decoded text and check the wire size separately.
      expect(await response.text()).toBe(bigPage);
      const compressedLength = Number(response.headers.get('content-length'));
      expect(compressedLength).toBeLessThan(bigPage.length / 5);
    }
  });

  it('sends immutable caching for hashed assets only', async () => {
    expect((await fetch(`${origin}/_astro/app.AbC123.js`)).headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${origin}/`)).headers.get('cache-control')).not.toContain('immutable');
  });

  it('answers HEAD without a body and refuses other methods with 405', async () => {
    const head = await fetch(`${origin}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await fetch(`${origin}/`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('obeys the _redirects rules: sub-paths lead to the canonical page, with the query kept', async () => {
    for (const path of ['/AboutUs/team', '/AboutUs/team/', '/AboutUs/a/b/c']) {
      const response = await fetch(`${origin}${path}?x=1`, { redirect: 'manual' });
      expect(response.status, path).toBe(301);
      expect(response.headers.get('location')).toBe('/AboutUs/?x=1');
    }
    expect((await fetch(`${origin}/AboutUs/`, { redirect: 'manual' })).status).toBe(200);
  });

  it('serves a 200 rule as a rewrite, keeping the address', async () => {
    const response = await fetch(`${origin}/team`, { redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(bigPage);
  });

  it('never serves the CDN configuration files themselves', async () => {
    expect((await fetch(`${origin}/_redirects`)).status).toBe(404);
  });

  it('answers every path that means a folder with a same-site Location, as it is typed on the wire', async () => {
    for (const path of ['/.//evil.example/..%2fAboutUs', '//evil.example/..%2fAboutUs', '/.//evil.example/%2e%2e%2fAboutUs', '/.%2f%2fevil.example%2f..%2fAboutUs']) {
      const response = await rawGet(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.location, path).toMatch(/^\/(?![/\\])/);
      expect(new URL(response.headers.location!, 'https://www.example.com/').origin, path).toBe('https://www.example.com');
    }
  });

  it('answers 400 to a malformed address instead of failing', async () => {
    const response = await fetch(`${origin}/%E0%A4%A`);
    expect(response.status).toBe(400);
  });
});
