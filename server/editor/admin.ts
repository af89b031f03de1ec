import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic';
import { oncePerIsolate, type WorkerEnv } from '../types.ts';
import { editorSettingsFrom, type GitHubEditorSettings } from './settings.ts';

// The browser editor in GitHub mode (README, "Editing on the live site"): its page, its files
// (static assets under /keystatic/_assets/, scripts/build-admin.ts) and Keystatic's login API, each
// with the admin's own headers: every address under /keystatic reaches the Worker first.

/** The admin's pages (a single-page app) and its API, as Keystatic names them. */
export const adminPrefix = '/keystatic';
export const apiPrefix = '/api/keystatic';
export const assetPrefix = `${adminPrefix}/_assets/`;
/** The admin's page as built: the Worker fills in the repository and serves it at every other address under /keystatic. */
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

/** What every answer under /keystatic and /api/keystatic carries. */
export const adminHeaders: Record<string, string> = {
  'Content-Security-Policy': adminContentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex, nofollow',
};

const isUnder = (prefix: string, pathname: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export const isEditorPath = (pathname: string) => isUnder(adminPrefix, pathname) || isUnder(apiPrefix, pathname);

/** An answer of the admin's own (not found, not allowed, half configured), never cached. */
function adminText(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(`${text}\n`, { status, headers: { ...adminHeaders, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });
}

/**
 * Keystatic's login API (GitHub mode). `origin`, the address the visitor used, makes the OAuth
 * callback; GitHub accepts only the app's registered one, so a forged value just fails the login.
 */
function createEditorApi(settings: GitHubEditorSettings): (request: Request, origin: string) => Promise<Response> {
  const api = makeGenericAPIRouteHandler({
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    secret: settings.secret,
    // The API only logs in; the admin reads and commits through GitHub's API directly.
    config: { storage: { kind: 'github', repo: settings.repository as `${string}/${string}` } },
  });
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

/** The browser editor on this isolate, made from the Worker's settings once. */
const editorOf = oncePerIsolate((env) => {
  const settings = editorSettingsFrom(env);
  if (settings.kind === 'invalid') console.error(`[editor] The browser editor is half configured, so it is off:\n- ${settings.problems.join('\n- ')}`);
  if (settings.kind !== 'on') return settings;
  const { repository, appSlug } = settings.settings;
  let page: Promise<string> | undefined;
  return {
    kind: 'on' as const,
    api: createEditorApi(settings.settings),
    // The page as built, with this repository filled in (the settings are checked to hold no markup); read once per isolate.
    page: (origin: string) =>
      (page ??= env.ASSETS.fetch(new URL(adminTemplatePath, origin)).then(async (answer) => {
        if (!answer.ok) throw new Error(`The editor's page ${adminTemplatePath} is missing from the static assets (${answer.status}): npm run build builds it.`);
        return (await answer.text()).replace('%EDITOR_REPOSITORY%', repository).replace('%EDITOR_APP_SLUG%', appSlug);
      })),
  };
});

export async function answerEditor(request: Request, env: WorkerEnv): Promise<Response> {
  const url = new URL(request.url);
  const editor = editorOf(env);
  const isApi = isUnder(apiPrefix, url.pathname);
  const allowed = isApi ? 'GET, HEAD, POST' : 'GET, HEAD';
  if (!allowed.split(', ').includes(request.method)) return adminText(405, 'Method not allowed.', { Allow: allowed });
  if (editor.kind === 'off') {
    // Without its settings there is no editor, and its addresses are unknown ones: the site's 404 page.
    if (isApi) return adminText(404, 'Not found: this site has no browser editor.');
    const notFound = await env.ASSETS.fetch(new URL('/404', url.origin));
    return new Response(notFound.body, { status: 404, headers: notFound.headers });
  }
  if (editor.kind === 'invalid') return adminText(503, `The browser editor is half configured, so it is off (the Worker's log names what is missing; README, "Editing on the live site").`);

  if (isApi) return editor.api(request, url.origin);
  if (url.pathname.startsWith(assetPrefix)) {
    const asset = await env.ASSETS.fetch(request);
    if (asset.status === 404 || url.pathname === adminTemplatePath) return adminText(404, 'Not found.');
    const headers = new Headers(asset.headers);
    for (const [name, value] of Object.entries(adminHeaders)) headers.set(name, value);
    headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    return new Response(asset.body, { status: asset.status, headers });
  }
  // Every other address under /keystatic is a view of the single-page admin.
  const page = await editor.page(url.origin);
  return new Response(request.method === 'HEAD' ? null : page, { headers: { ...adminHeaders, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' } });
}
