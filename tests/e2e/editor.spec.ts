import { globSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminContentSecurityPolicy, adminTemplatePath } from '../../server/editor/admin.ts';
import { baseURL, editorSettings } from '../../playwright.config.ts';
import { blockOtherOrigins } from '../support/off-site.ts';
import { distDir, entries, paths } from '../support/site.ts';

// The browser editor on the live site (GitHub mode), on in the Worker under test with its settings
// set, reached over HTTPS as on Cloudflare. GitHub itself is never reached: every request that
// would leave this machine is stopped and recorded.

const [owner, name] = editorSettings.PUBLIC_KEYSTATIC_GITHUB_REPO.split('/');
const gitHubHosts = new Set(['github.com', 'api.github.com', 'raw.githubusercontent.com', 'avatars.githubusercontent.com']);

test('the public pages carry nothing of the editor, and local mode is never served: its reading and writing addresses are not found', async ({ request }) => {
  const published = globSync(`${distDir}/**/*.{html,js,css,json,xml,txt}`, { exclude: [`${distDir}/keystatic/**`] });
  expect(published.length).toBeGreaterThan(paths.length);
  expect(published.filter((file) => /keystatic/i.test(readFileSync(file, 'utf8')))).toEqual([]);
  const reads = ['/api/keystatic', '/api/keystatic/tree', `/api/keystatic/blob/abc/${entries('services')[0]!.filePath}`].map((path) => request.get(path));
  for (const answer of await Promise.all([...reads, request.post('/api/keystatic/update', { data: {} })])) expect(answer.status(), answer.url()).toBe(404);
});

test('the admin has its own policy and works with every other origin blocked; its login sends the editor to GitHub with this app, and GitHub back to this server', async ({ page, context, request }) => {
  const offSite = await blockOtherOrigins(context, baseURL);
  const violations: string[] = [];
  page.on('console', (message) => message.text().includes('violates the following Content Security Policy') && violations.push(message.text()));
  const response = await page.goto('/keystatic');
  expect(response?.headers()).toMatchObject({ 'content-security-policy': adminContentSecurityPolicy, 'x-robots-tag': expect.stringContaining('noindex') });
  expect(adminContentSecurityPolicy).not.toContain('unsafe-eval');
  expect(adminContentSecurityPolicy).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('link', { name: 'Log in with GitHub' }).or(page.getByRole('button', { name: 'Log in with GitHub' }))).toBeVisible();
  // Its only blocked wish is Google Fonts (a system font is used); nothing was sent off this server.
  expect(violations.every((text) => text.includes('https://fonts.googleapis.com/'))).toBe(true);
  expect(offSite.map((sent) => sent.url())).toEqual([]);

  const toGitHub = page.waitForRequest((sent) => sent.url().startsWith('https://github.com/login/oauth/authorize'));
  await page.getByText('Log in with GitHub').click();
  expect(new URL((await toGitHub).url()).searchParams.get('client_id')).toBe(editorSettings.KEYSTATIC_GITHUB_CLIENT_ID);
  expect(offSite.every((sent) => gitHubHosts.has(new URL(sent.url()).hostname))).toBe(true);

  const direct = await request.get('/api/keystatic/github/login', { maxRedirects: 0 });
  expect(direct.status()).toBe(307);
  const authorize = new URL(direct.headers().location!);
  expect(`${authorize.origin}${authorize.pathname}`).toBe('https://github.com/login/oauth/authorize');
  expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ client_id: editorSettings.KEYSTATIC_GITHUB_CLIENT_ID, redirect_uri: `${baseURL}/api/keystatic/github/oauth/callback` });
  // The cookie that brings the editor back to the page it left is Secure, as the visitor came over HTTPS.
  expect((await request.get('/api/keystatic/github/login?from=branch/main/collection/services', { maxRedirects: 0 })).headers()['set-cookie']).toMatch(/^ks-\w+=[^\n]*; Secure(;|$)/m);
});

test('signed in, the admin reads the configured repository through GitHub’s API, and reaches nothing else', async ({ page, context }) => {
  const offSite = await blockOtherOrigins(context, baseURL);
  await context.addCookies([{ name: 'keystatic-gh-access-token', value: 'test-token', url: baseURL }]);
  const query = page.waitForRequest((sent) => sent.url() === 'https://api.github.com/graphql');
  await page.goto('/keystatic');
  const sent = await query;
  expect([sent.headers().authorization, sent.postDataJSON().variables]).toEqual(['Bearer test-token', { owner, name }]);
  expect(offSite.map((request) => new URL(request.url()).hostname).filter((host) => !gitHubHosts.has(host))).toEqual([]);
});

test('the admin’s script is cached for good and revalidated without a body', async ({ request }) => {
  const script = (await (await request.get('/keystatic/singleton/homePage')).text()).match(/src="(\/keystatic\/_assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeDefined();
  const first = await request.get(script!, { headers: { 'Accept-Encoding': 'br' } });
  expect([first.status(), first.headers()]).toMatchObject([200, { 'content-security-policy': adminContentSecurityPolicy, 'cache-control': expect.stringContaining('immutable') }]);
  const again = await request.get(script!, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': first.headers().etag! } });
  expect([again.status(), (await again.body()).length]).toEqual([304, 0]);
  for (const missing of ['/keystatic/_assets/no-such-file.js', adminTemplatePath]) expect((await request.get(missing)).status(), missing).toBe(404);
});
