import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic';
import type { GitHubEditorSettings } from './settings.ts';

// The browser editor in GitHub mode as both runtimes serve it, the Node server
// (server/editor/github-editor.ts) and the Worker (server/cloudflare/editor.ts): its addresses,
// its own policy and headers, its page, and Keystatic's login API on the Fetch API.

/** The admin's pages (a single-page app) and its API, as Keystatic names them. */
export const adminPrefix = '/keystatic';
export const apiPrefix = '/api/keystatic';
/** The admin's content-hashed scripts and styles (scripts/build-admin.ts). */
export const assetPrefix = `${adminPrefix}/_assets/`;
/**
 * In the Cloudflare build, the admin's page as built, among the static assets: the Worker fills
 * in the repository and serves it at every other address under /keystatic.
 */
export const adminTemplatePath = `${assetPrefix}admin-page.template`;

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

/** What every answer under /keystatic and /api/keystatic carries, on either runtime. */
export const adminHeaders: Record<string, string> = {
  'Content-Security-Policy': adminContentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex, nofollow',
};

export function isEditorPath(pathname: string): boolean {
  return [adminPrefix, apiPrefix].some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export const isEditorApiPath = (pathname: string) => pathname === apiPrefix || pathname.startsWith(`${apiPrefix}/`);

/** The methods an editor address answers: the API takes Keystatic's POSTs, the admin's views are pages. */
export function editorMethods(pathname: string): readonly string[] | null {
  if (!isEditorPath(pathname)) return null;
  return isEditorApiPath(pathname) ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
}

/** The admin's page with the repository filled in (the settings are checked to hold no markup). */
export function fillAdminPage(template: string, settings: GitHubEditorSettings): string {
  return template.replace('%EDITOR_REPOSITORY%', settings.repository).replace('%EDITOR_APP_SLUG%', settings.appSlug);
}

/** An answer of the admin's own (not found, not allowed, half configured), never cached. */
export function adminText(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(`${text}\n`, { status, headers: { ...adminHeaders, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });
}

/**
 * Keystatic's login API (GitHub mode), on the Fetch API. `origin` is the address the visitor used,
 * for the OAuth callback that Keystatic sends to GitHub; GitHub accepts only the callback URL
 * registered for the app, so a forged value just fails the login. No route of this API reads a
 * body in GitHub mode (they use the query and cookies).
 */
export function createEditorApi(settings: GitHubEditorSettings): (request: Request, origin: string) => Promise<Response> {
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
  return async (request, origin) => {
    const url = new URL(request.url);
    const result = await api({
      method: request.method,
      url: `${origin}${url.pathname}${url.search}`,
      headers: request.headers,
      json: () => Promise.reject(new Error('The editor API takes no body in GitHub mode.')),
    });
    const headers = new Headers(result.headers);
    // Keystatic marks its login cookies Secure only when NODE_ENV is "production", which would also
    // switch React's builds; mark them whenever the visitor came over HTTPS instead.
    const cookies = headers.getSetCookie().map((cookie) => (origin.startsWith('https:') && !/;\s*secure/i.test(cookie) ? `${cookie}; Secure` : cookie));
    headers.delete('set-cookie');
    for (const cookie of cookies) headers.append('Set-Cookie', cookie);
    for (const [name, value] of Object.entries(adminHeaders)) headers.set(name, value);
    headers.set('Cache-Control', 'no-store');
    if (result.body !== null && !headers.has('content-type')) headers.set('Content-Type', 'text/plain; charset=utf-8');
    const body = result.body === null || typeof result.body === 'string' ? result.body : new Uint8Array(result.body);
    return new Response(body, { status: result.status ?? 200, headers });
  };
}
