import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, relative, sep } from 'node:path';
import { headersFor, immutableCache, pageCache, parseHeaders, type HeaderRule } from '../src/lib/publishing/cdn-headers.ts';
import { matchRedirect, parseRedirects, type RedirectRule } from '../src/lib/publishing/redirects.ts';
import { requestTarget } from './routes.ts';
import { compressedCopiesIn, sendFile } from './send-file.ts';

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

export type Resolution =
  | { kind: 'file'; filePath: string; status: 200 | 404 }
  | { kind: 'redirect'; location: string }
  | { kind: 'bad-request' };

/**
 * The address of a folder of the build, as a Location: built from the folder's place under the
 * root, never from what the visitor typed, so `/.//evil.example/..%2fCyber` leads to `/Cyber/` and
 * never to `//evil.example/…`, which a browser reads as another site.
 */
function folderAddress(root: string, folder: string): string {
  const segments = relative(root, folder).split(sep).filter(Boolean);
  return `/${segments.map(encodeURIComponent).join('/')}${segments.length > 0 ? '/' : ''}`;
}

/** A Location that stays on this site: a path with one leading slash, so no browser reads it as `//host`. */
export function sameSiteLocation(location: string): string {
  return `/${location.replace(/^[/\\]+/, '')}`;
}

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
    return path.endsWith('/') ? { kind: 'file', filePath: index, status: 200 } : { kind: 'redirect', location: folderAddress(root, candidate) };
  }
  return notFound(root);
}

function notFound(root: string): Resolution {
  return { kind: 'file', filePath: join(root, '404.html'), status: 404 };
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

/**
 * A prerendered page as a Response, with the headers `_headers` gives it (its own CSP): what the
 * contact endpoint builds its problem page from, as a Worker gets it from its static assets.
 */
export function staticPages(root: string): (path: string) => Promise<Response> {
  const headerRules = loadHeaderRules(root);
  return async (path) => {
    const resolution = await resolvePath(root, path);
    if (resolution.kind !== 'file' || resolution.status !== 200) return new Response(null, { status: 404 });
    return new Response(await readFile(resolution.filePath), { headers: { 'Content-Type': 'text/html; charset=utf-8', ...headersFor(headerRules, path) } });
  };
}

/** Cache rules without a `_headers` file: hashed assets never change, so they are cached for a year; everything else is revalidated. */
export function cacheControlFor(urlPath: string): string {
  return urlPath.startsWith(hashedAssetPrefix) ? immutableCache : pageCache;
}

/** A handler for what is not a static file (the on-demand routes); calls `next` when it has no such route. */
export type OnDemandHandler = (request: IncomingMessage, response: ServerResponse, next: () => void) => void | Promise<void>;

/**
 * A request handler that serves a built static site the way a CDN does: the `_redirects` rules,
 * the `_headers` rules, 301s to canonical trailing-slash URLs and the site's own 404 page with
 * status 404. Files go out through `send` (server/send-file.ts), compressed at build time when
 * `compressedRoot` holds their copies (dist/precompressed); what no file answers goes to `onDemand`.
 */
export function createStaticSiteHandler(root: string, onDemand?: OnDemandHandler, { compressedRoot }: { compressedRoot?: string } = {}) {
  const redirectRules = loadRedirectRules(root);
  const headerRules = loadHeaderRules(root);
  // On-demand responses get the site-wide security headers; Astro sends their CSP itself, since
  // the prerendered pages' hashes do not cover them.
  const pageOnlyHeaders = new Set(['Content-Security-Policy', 'Cache-Control']);
  const onDemandHeaders = Object.entries(headersFor(headerRules, '/')).filter(([name]) => !pageOnlyHeaders.has(name));
  const copiesOf = compressedRoot ? compressedCopiesIn(compressedRoot) : () => ({});

  const serveFile = (request: IncomingMessage, response: ServerResponse, filePath: string, status: 200 | 404, servedPath: string) =>
    sendFile(request, response, {
      path: filePath,
      copies: copiesOf(relative(root, filePath)),
      status,
      // The same headers the CDN sends for this path, from _headers; our own defaults without one.
      headers: {
        'Cache-Control': cacheControlFor(servedPath),
        'X-Content-Type-Options': 'nosniff',
        ...headersFor(headerRules, servedPath),
        ...(status === 404 ? { 'Cache-Control': 'no-store' } : {}),
      },
    });

  /**
   * What happens when no file answers: an on-demand route if one matches, else the 404 page (or
   * 405), with the headers _headers gives the address asked for, as the CDN sends it.
   */
  const notStatic = (request: IncomingMessage, response: ServerResponse) =>
    new Promise<void>((done, fail) => {
      const fallback = () => {
        if (request.method === 'GET' || request.method === 'HEAD') {
          serveFile(request, response, join(root, '404.html'), 404, requestTarget(request.url).pathname).then(done, fail);
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

    const url = requestTarget(request.url);
    const redirect = matchRedirect(redirectRules, url.pathname);
    // A redirect carries the headers _headers gives its address, as the CDN sends them.
    const redirectHeaders = (location: string) => ({ 'Cache-Control': 'public, max-age=3600', ...headersFor(headerRules, url.pathname), Location: `${sameSiteLocation(location)}${url.search}` });
    if (redirect && redirect.status !== 200) {
      response.writeHead(redirect.status, redirectHeaders(redirect.location));
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
      response.writeHead(301, redirectHeaders(resolution.location));
      response.end();
      return;
    }

    if (resolution.status === 404) return notStatic(request, response);
    await serveFile(request, response, resolution.filePath, 200, servedPath);
  };
}
