import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { headersFor, immutableCache, pageCache, parseHeaders, type HeaderRule } from '../src/lib/publishing/cdn-headers.ts';
import { matchRedirect, parseRedirects, type RedirectRule } from '../src/lib/publishing/redirects.ts';

/** Content types for the files an Astro build emits. */
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

const compressible = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest']);

/** Astro puts content-hashed assets here: their name changes whenever their bytes do. */
const hashedAssetPrefix = '/_astro/';

/** Files that configure the CDN; like the CDN, we obey them but never serve them. */
const cdnConfigFiles = new Set(['/_redirects', '/_headers']);

/** A CDN configuration file of the build, or `null` when the build has none. */
function readConfigFile(root: string, name: string): string | null {
  try {
    return readFileSync(join(root, name), 'utf8');
  } catch {
    return null;
  }
}

/** The rules of the build's `_redirects` file, as a CDN would read them; none when there is no file. */
export function loadRedirectRules(root: string): RedirectRule[] {
  const text = readConfigFile(root, '_redirects');
  return text === null ? [] : parseRedirects(text);
}

/** The rules of the build's `_headers` file; none when there is no file. */
export function loadHeaderRules(root: string): HeaderRule[] {
  const text = readConfigFile(root, '_headers');
  return text === null ? [] : parseHeaders(text);
}

interface StaticFile {
  body: Buffer;
  brotli?: Buffer;
  gzip?: Buffer;
  contentType: string;
}

export type Resolution =
  | { kind: 'file'; filePath: string; status: 200 | 404 }
  | { kind: 'redirect'; location: string }
  | { kind: 'bad-request' };

/**
 * Decides what a request path means in a built site: a file, a directory's index.html, a 301 to
 * the trailing-slash form of a directory (so each page has one URL), or the 404 page.
 */
export async function resolvePath(root: string, rawPath: string): Promise<Resolution> {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'bad-request' };
  }
  if (path.includes('\0')) return { kind: 'bad-request' };

  // normalize() folds "..", and the prefix check keeps every lookup inside the build folder.
  const candidate = normalize(join(root, path));
  if (candidate !== root && !candidate.startsWith(root.endsWith(sep) ? root : root + sep)) return { kind: 'bad-request' };

  const info = await stat(candidate).catch(() => null);
  if (info?.isFile()) return { kind: 'file', filePath: candidate, status: 200 };
  if (info?.isDirectory()) {
    const index = join(candidate, 'index.html');
    if (!(await isFile(index))) return notFound(root);
    return path.endsWith('/') ? { kind: 'file', filePath: index, status: 200 } : { kind: 'redirect', location: `${rawPath}/` };
  }
  return notFound(root);
}

function notFound(root: string): Resolution {
  return { kind: 'file', filePath: join(root, '404.html'), status: 404 };
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

/** Picks the best encoding the client accepts among those we have: brotli, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q?.trim() !== 'q=0')
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Cache rules without a `_headers` file: hashed assets never change, so they are cached for a year; everything else is revalidated. */
export function cacheControlFor(urlPath: string): string {
  return urlPath.startsWith(hashedAssetPrefix) ? immutableCache : pageCache;
}

/** A handler for what is not a static file (the on-demand routes); calls `next` when it has no such route. */
export type OnDemandHandler = (request: IncomingMessage, response: ServerResponse, next: () => void) => void | Promise<void>;

/**
 * A request handler that serves a built static site the way a CDN does: the `_redirects` rules,
 * compression, cache headers, 301s to canonical trailing-slash URLs and the site's own 404 page
 * with status 404. Files are read and compressed once, then served from memory; what no file
 * answers goes to `onDemand`.
 */
export function createStaticSiteHandler(root: string, onDemand?: OnDemandHandler) {
  const redirectRules = loadRedirectRules(root);
  const headerRules = loadHeaderRules(root);
  // On-demand responses get the site-wide security headers; their CSP comes from Astro
  // (src/middleware.ts), since the prerendered pages' hashes do not cover them.
  const pageOnlyHeaders = new Set(['Content-Security-Policy', 'Cache-Control']);
  const onDemandHeaders = Object.entries(headersFor(headerRules, '/')).filter(([name]) => !pageOnlyHeaders.has(name));
  const cache = new Map<string, Promise<StaticFile>>();

  const load = (filePath: string): Promise<StaticFile> => {
    let file = cache.get(filePath);
    if (!file) {
      file = readFile(filePath).then((body) => {
        const extension = extname(filePath).toLowerCase();
        const loaded: StaticFile = { body, contentType: contentTypes[extension] ?? 'application/octet-stream' };
        if (compressible.has(extension) && body.length > 1024) {
          loaded.brotli = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
          loaded.gzip = gzipSync(body, { level: 9 });
        }
        return loaded;
      });
      file.catch(() => cache.delete(filePath));
      cache.set(filePath, file);
    }
    return file;
  };

  const serveFile = async (request: IncomingMessage, response: ServerResponse, filePath: string, status: 200 | 404, servedPath: string) => {
    const file = await load(filePath);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const body = (encoding === 'br' && file.brotli) || (encoding === 'gzip' && file.gzip) || file.body;
    // The same headers the CDN sends for this path, from _headers; our own defaults without one.
    const headers: Record<string, string | number> = {
      'Cache-Control': cacheControlFor(servedPath),
      'X-Content-Type-Options': 'nosniff',
      ...headersFor(headerRules, servedPath),
      'Content-Type': file.contentType,
      'Content-Length': body.length,
    };
    if (status === 404) headers['Cache-Control'] = 'no-store';
    if (file.brotli) headers.Vary = 'Accept-Encoding';
    if (body !== file.body) headers['Content-Encoding'] = encoding ?? '';
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  };

  /** What happens when no file answers: an on-demand route if one matches, else the 404 page (or 405). */
  const notStatic = (request: IncomingMessage, response: ServerResponse) =>
    new Promise<void>((done, fail) => {
      const fallback = () => {
        if (request.method === 'GET' || request.method === 'HEAD') {
          serveFile(request, response, join(root, '404.html'), 404, '/404.html').then(done, fail);
        } else {
          response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
          response.end('Method not allowed.\n');
          done();
        }
      };
      if (!onDemand) return fallback();
      for (const [name, value] of onDemandHeaders) response.setHeader(name, value);
      response.once('close', done);
      // An endpoint may answer (413, 429, …) before reading the whole body. Discard the rest, so the
      // client is not left blocked sending it and the connection can be reused.
      response.once('finish', () => {
        if (request.complete) return;
        request.removeAllListeners('data');
        request.removeAllListeners('readable');
        request.resume();
      });
      Promise.resolve(onDemand(request, response, fallback)).catch(fail);
    });

  return async function handleSiteRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') return notStatic(request, response);

    const url = new URL(request.url ?? '/', 'http://localhost');
    const redirect = matchRedirect(redirectRules, url.pathname);
    if (redirect && redirect.status !== 200) {
      response.writeHead(redirect.status, { Location: `${redirect.location}${url.search}`, 'Cache-Control': 'public, max-age=3600' });
      response.end();
      return;
    }
    // A 200 rule is a rewrite: the address stays, the content comes from the rule's target.
    const servedPath = redirect?.location ?? url.pathname;
    const resolution = cdnConfigFiles.has(servedPath) ? notFound(root) : await resolvePath(root, servedPath);
    if (resolution.kind === 'bad-request') {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Bad request: the address is not valid.\n');
      return;
    }
    if (resolution.kind === 'redirect') {
      response.writeHead(301, { Location: `${resolution.location}${url.search}`, 'Cache-Control': 'public, max-age=3600' });
      response.end();
      return;
    }

    if (resolution.status === 404) return notStatic(request, response);
    await serveFile(request, response, resolution.filePath, 200, servedPath);
  };
}
