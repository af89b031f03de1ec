import { spawnSync } from 'node:child_process';
import { globSync, readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Request } from '@playwright/test';
import { adminContentSecurityPolicy, adminTemplatePath } from '../../server/editor/admin.ts';
import { baseURL as siteBaseURL, cloudflareBaseURL, editorBaseURL, editorSettings, withCloudflare } from '../../playwright.config.ts';
import { clientDir, projectRoot } from '../support/site-content.ts';
import { paths } from './support.ts';

// The browser editor on the live site (GitHub mode), with its settings set, on both runtimes:
// `npm run serve` (the second server of playwright.config.ts) and the Cloudflare build on workerd
// over HTTPS (the third). GitHub itself is never reached: every request that would leave this
// machine is stopped and recorded.

const [owner, name] = editorSettings.PUBLIC_KEYSTATIC_GITHUB_REPO.split('/');
const gitHubHosts = new Set(['github.com', 'api.github.com', 'raw.githubusercontent.com', 'avatars.githubusercontent.com']);

/** Stops every request to another origin and records it; returns the list, filled as the page runs. */
async function blockOtherOrigins(context: BrowserContext, origin: string): Promise<Request[]> {
  const offSite: Request[] = [];
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      offSite.push(route.request());
      return route.abort('blockedbyclient');
    },
  );
  return offSite;
}

/** The Content-Security-Policy violations that Chromium reports on the console. */
function recordPolicyViolations(page: import('@playwright/test').Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('violates the following Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

test('on the Node server, public pages are the same bytes with the editor on, and no build file for the CDN holds any of it', async ({ request }) => {
  for (const path of paths) {
    const [withEditor, without] = await Promise.all([
      request.get(`${editorBaseURL}${path}`, { headers: { 'Accept-Encoding': 'identity' } }),
      request.get(`${siteBaseURL}${path}`, { headers: { 'Accept-Encoding': 'identity' } }),
    ]);
    expect(withEditor.status(), path).toBe(200);
    expect(await withEditor.body(), path).toEqual(await without.body());
    expect(withEditor.headers()['content-security-policy'], path).toBe(without.headers()['content-security-policy']);
  }
  const published = globSync(`${clientDir}/**/*.{html,js,css,json,xml,txt}`);
  expect(published.length).toBeGreaterThan(paths.length);
  expect(published.filter((file) => /keystatic/i.test(readFileSync(file, 'utf8')))).toEqual([]);
});

/** The editor on each runtime; the Worker is reached over HTTPS, as on Cloudflare. */
const runtimes = [
  { name: 'the Node server', origin: editorBaseURL, node: true },
  ...(withCloudflare ? [{ name: 'a Worker on workerd', origin: cloudflareBaseURL, node: false }] : []),
];

for (const { name: runtime, origin, node } of runtimes) {
  test.describe(`the browser editor on ${runtime} (GitHub mode)`, () => {
    test.use({ baseURL: origin, ignoreHTTPSErrors: true });

    test('the admin has its own policy and works with every other origin blocked: it offers the GitHub login', async ({ page, context }) => {
      const offSite = await blockOtherOrigins(context, origin);
      const violations = recordPolicyViolations(page);
      const response = await page.goto('/keystatic');
      expect(response?.headers()['content-security-policy']).toBe(adminContentSecurityPolicy);
      expect(adminContentSecurityPolicy).not.toContain('unsafe-eval');
      expect(adminContentSecurityPolicy).toContain("frame-ancestors 'none'");
      expect(response?.headers()['x-robots-tag']).toContain('noindex');

      await expect(page.getByRole('link', { name: 'Log in with GitHub' }).or(page.getByRole('button', { name: 'Log in with GitHub' }))).toBeVisible();
      // Its only blocked wish is Google Fonts (a system font is used); nothing was sent off this server.
      expect(violations.every((text) => text.includes('https://fonts.googleapis.com/'))).toBe(true);
      expect(offSite.map((request) => request.url())).toEqual([]);
    });

    test('logging in sends the editor to GitHub with this app, and GitHub back to this server', async ({ page, context, request }) => {
      const direct = await request.get('/api/keystatic/github/login', { maxRedirects: 0 });
      expect(direct.status()).toBe(307);
      const authorize = new URL(direct.headers().location!);
      expect(`${authorize.origin}${authorize.pathname}`).toBe('https://github.com/login/oauth/authorize');
      expect(authorize.searchParams.get('client_id')).toBe(editorSettings.KEYSTATIC_GITHUB_CLIENT_ID);
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${origin}/api/keystatic/github/oauth/callback`);

      // The cookie that brings the editor back to the page it left is Secure whenever the visitor came over HTTPS.
      const from = '?from=branch/main/collection/services';
      const secureCookie = /^ks-\w+=[^\n]*; Secure(;|$)/m;
      if (node) {
        // Behind an HTTPS proxy the callback is the public address the visitor used.
        const proxied = await request.get('/api/keystatic/github/login', { maxRedirects: 0, headers: { Host: 'www.example.com', 'X-Forwarded-Proto': 'https' } });
        expect(new URL(proxied.headers().location!).searchParams.get('redirect_uri')).toBe('https://www.example.com/api/keystatic/github/oauth/callback');
        const cookieOverHttps = (await request.get(`/api/keystatic/github/login${from}`, { maxRedirects: 0, headers: { 'X-Forwarded-Proto': 'https' } })).headers()['set-cookie'];
        expect(cookieOverHttps).toMatch(secureCookie);
        expect((await request.get(`/api/keystatic/github/login${from}`, { maxRedirects: 0 })).headers()['set-cookie']).not.toMatch(/Secure/);
      } else {
        expect((await request.get(`/api/keystatic/github/login${from}`, { maxRedirects: 0 })).headers()['set-cookie']).toMatch(secureCookie);
      }

      // And in the browser, the login button leads there.
      const offSite = await blockOtherOrigins(context, origin);
      await page.goto('/keystatic');
      const toGitHub = page.waitForRequest((sent) => sent.url().startsWith('https://github.com/login/oauth/authorize'));
      await page.getByText('Log in with GitHub').click();
      expect(new URL((await toGitHub).url()).searchParams.get('client_id')).toBe(editorSettings.KEYSTATIC_GITHUB_CLIENT_ID);
      expect(offSite.every((sent) => gitHubHosts.has(new URL(sent.url()).hostname))).toBe(true);
    });

    test('signed in, the admin reads the configured repository through GitHub’s API, and reaches nothing else', async ({ page, context }) => {
      const offSite = await blockOtherOrigins(context, origin);
      await context.addCookies([{ name: 'keystatic-gh-access-token', value: 'test-token', url: origin }]);
      const query = page.waitForRequest((sent) => sent.url() === 'https://api.github.com/graphql');
      await page.goto('/keystatic');
      const sent = await query;
      expect(sent.headers().authorization).toBe('Bearer test-token');
      expect(sent.postDataJSON().variables).toEqual({ owner, name });
      expect(offSite.map((request) => new URL(request.url()).hostname).filter((host) => !gitHubHosts.has(host))).toEqual([]);
    });

    test('local mode is never served: its reading and writing addresses are not found', async ({ request }) => {
      for (const path of ['/api/keystatic', '/api/keystatic/tree', '/api/keystatic/blob/abc/src/content/services/Cyber.md']) {
        expect((await request.get(path)).status(), path).toBe(404);
      }
      expect((await request.post('/api/keystatic/update', { data: {} })).status()).toBe(404);
    });

    test('the admin’s script is cached for good and revalidated without a body', async ({ request }) => {
      const html = await (await request.get('/keystatic/singleton/homePage')).text();
      const script = html.match(/src="(\/keystatic\/_assets\/[^"]+\.js)"/)?.[1];
      expect(script).toBeDefined();
      const first = await request.get(script!, { headers: { 'Accept-Encoding': 'br' } });
      expect(first.status()).toBe(200);
      expect(first.headers()['content-security-policy']).toBe(adminContentSecurityPolicy);
      expect(first.headers()['cache-control']).toContain('immutable');
      // The Node server sends what the build compressed; Cloudflare compresses at its edge.
      if (node) expect(first.headers()['content-encoding']).toBe('br');
      const again = await request.get(script!, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': first.headers().etag! } });
      expect(again.status()).toBe(304);
      expect((await again.body()).length).toBe(0);
      for (const missing of ['/keystatic/_assets/no-such-file.js', adminTemplatePath]) expect((await request.get(missing)).status(), missing).toBe(404);
    });
  });
}

test('a half-configured editor stops the server at start, naming every missing setting', () => {
  const run = spawnSync(process.execPath, ['server/main.ts'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, PORT: '0', PUBLIC_KEYSTATIC_GITHUB_REPO: editorSettings.PUBLIC_KEYSTATIC_GITHUB_REPO, KEYSTATIC_SECRET: 'too short' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(run.status).toBe(1);
  for (const missing of ['KEYSTATIC_GITHUB_CLIENT_ID is not set', 'KEYSTATIC_GITHUB_CLIENT_SECRET is not set', 'KEYSTATIC_SECRET must be at least 32 characters']) {
    expect(run.stderr).toContain(missing);
  }
});
