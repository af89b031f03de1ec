import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, relative, sep } from 'node:path';
import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic';
import { immutableCache } from '../../src/lib/publishing/cdn-headers.ts';
import { compressedCopiesIn, sendFile } from '../send-file.ts';
import type { GitHubEditorSettings } from './settings.ts';

/** The admin's pages (a single-page app) and its API, as Keystatic names them. */
const adminPrefix = '/keystatic';
const apiPrefix = '/api/keystatic';
const assetPrefix = `${adminPrefix}/_assets/`;

/**
 * The admin's own policy, apart from the public pages' strict one: Keystatic's UI sets styles
 * inline, and in GitHub mode it talks to GitHub's API and shows avatars and pictures from GitHub.
 * Nothing else: its Google Fonts request is refused and a system font is used.
 */
export const adminContentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://avatars.githubusercontent.com https://raw.githubusercontent.com",
  "font-src 'self' data:",
  "connect-src 'self' https://api.github.com https://raw.githubusercontent.com",
  "form-action 'self' https://github.com",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const adminHeaders = {
  'Content-Security-Policy': adminContentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex, nofollow',
};

export function isEditorPath(pathname: string): boolean {
  return [adminPrefix, apiPrefix].some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The admin's page with the repository filled in (the values are checked to hold no markup). */
function adminPage(adminRoot: string, settings: GitHubEditorSettings): string {
  return readFileSync(join(adminRoot, 'index.html'), 'utf8')
    .replace('%EDITOR_REPOSITORY%', settings.repository)
    .replace('%EDITOR_APP_SLUG%', settings.appSlug);
}

/** The admin's file for an address under /keystatic/_assets/, or null for a malformed address or one outside that folder. */
function assetFile(adminRoot: string, path: string): string | null {
  try {
    const file = normalize(join(adminRoot, decodeURIComponent(path)));
    return file.startsWith(join(adminRoot, '_assets') + sep) && existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/**
 * The address the visitor used, for the OAuth callback that Keystatic sends to GitHub. Behind a
 * proxy that is the forwarded scheme and the Host header. Believing them here is safe: GitHub
 * accepts only the callback URL registered for the app, so a forged value just fails the login.
 */
function publicOrigin(request: IncomingMessage): string {
  const forwardedProto = String(request.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim();
  const scheme = forwardedProto === 'https' ? 'https' : 'http';
  return `${scheme}://${request.headers.host ?? 'localhost'}`;
}

/**
 * Serves the browser editor in GitHub mode: the admin's page and its content-hashed scripts from
 * dist/admin (built, and compressed, by scripts/build-admin.ts), and Keystatic's login API. For the
 * paths isEditorPath() accepts; server/main.ts sends nothing else here.
 */
export function createGitHubEditor(adminRoot: string, settings: GitHubEditorSettings) {
  const page = adminPage(adminRoot, settings);
  // The build writes each script's .br and .gz copies beside it (scripts/build-admin.ts).
  const copiesOf = compressedCopiesIn(adminRoot);
  const api = makeGenericAPIRouteHandler(
    {
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      secret: settings.secret,
      // The API needs only the storage in GitHub mode: it handles the login, and the admin reads
      // and commits through GitHub's API directly.
      config: { storage: { kind: 'github', repo: settings.repository as `${string}/${string}` } },
    },
    { slugEnvName: 'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG' },
  );

  const notFound = (response: ServerResponse) => {
    response.writeHead(404, { ...adminHeaders, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end('Not found.\n');
  };

  return async function handleEditorRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';

    if (url.pathname === apiPrefix || url.pathname.startsWith(`${apiPrefix}/`)) {
      // No route of the GitHub-mode API reads a body (they use the query and cookies): discard it.
      request.resume();
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      }
      const origin = publicOrigin(request);
      const result = await api({
        method,
        url: `${origin}${url.pathname}${url.search}`,
        headers,
        json: () => Promise.reject(new Error('The editor API takes no body in GitHub mode.')),
      });
      const responseHeaders = new Headers(result.headers);
      // Keystatic marks its login cookies Secure only when NODE_ENV is "production", which would also
      // switch React's builds; mark them whenever the visitor came over HTTPS instead.
      const cookies = responseHeaders.getSetCookie().map((cookie) => (origin.startsWith('https:') && !/;\s*secure/i.test(cookie) ? `${cookie}; Secure` : cookie));
      responseHeaders.delete('set-cookie');
      response.writeHead(result.status ?? 200, {
        ...adminHeaders,
        'Cache-Control': 'no-store',
        ...(result.body === null || responseHeaders.has('content-type') ? {} : { 'Content-Type': 'text/plain; charset=utf-8' }),
        ...Object.fromEntries(responseHeaders),
        ...(cookies.length > 0 ? { 'Set-Cookie': cookies } : {}),
      });
      response.end(result.body ?? undefined);
      return;
    }

    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { ...adminHeaders, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Method not allowed.\n');
      return;
    }
    if (url.pathname.startsWith(assetPrefix)) {
      // /keystatic/_assets/x.js is dist/admin/_assets/x.js, its build-time copies beside it.
      const file = assetFile(adminRoot, url.pathname.slice(adminPrefix.length));
      if (!file) return notFound(response);
      await sendFile(request, response, { path: file, copies: copiesOf(relative(adminRoot, file)), headers: { ...adminHeaders, 'Cache-Control': immutableCache } });
      return;
    }
    // Every other address under /keystatic is a view of the single-page admin.
    response.writeHead(200, { ...adminHeaders, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
    response.end(method === 'HEAD' ? undefined : page);
  };
}
