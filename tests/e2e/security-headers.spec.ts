import { globSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { checkHeadersFileLimits, headersFor, parseHeaders, plainAnswerPolicy, securityHeaders } from '../../src/lib/publishing/cdn-headers.ts';
import { compilePathPattern, matchRedirect, parseRedirects } from '../../src/lib/publishing/redirects.ts';
import { fillContactForm, hasPagesBelow, paths } from './support.ts';
import { pageHeadersInFile } from '../support/headers-file.ts';
import { clientDir } from '../support/site-content.ts';
import { manifestIconPath, siteFilePaths } from '../../src/lib/publishing/site-files.ts';

const headerRules = () => parseHeaders(readFileSync(`${clientDir}/_headers`, 'utf8'));

test('_headers: strict CSP and security headers everywhere, immutable caching for every hashed asset, short for pages', () => {
  const rules = headerRules();
  const everywhere = headersFor(rules, '/any/path');
  const csp = everywhere['Content-Security-Policy']!;
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("form-action 'self'");
  expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(everywhere['Strict-Transport-Security']).toMatch(/max-age=\d{8}/);
  expect(everywhere['X-Content-Type-Options']).toBe('nosniff');
  expect(everywhere['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  expect(everywhere['Permissions-Policy']).toContain('camera=()');

  const assets = globSync(`${clientDir}/_astro/**/*`, { withFileTypes: true }).filter((entry) => entry.isFile());
  expect(assets.length).toBeGreaterThan(10);
  for (const asset of assets) {
    const path = `/${relative(clientDir, `${asset.parentPath}/${asset.name}`)}`;
    expect(headersFor(rules, path)['Cache-Control'], path).toBe('public, max-age=31536000, immutable');
  }
  for (const path of paths) expect(headersFor(rules, path)['Cache-Control'], path).toBe('public, max-age=0, must-revalidate');

  // No header ends up set twice for one path (CDNs would join the values): a rule that sets again
  // what a wider rule set first removes it ("! Name").
  for (const path of [...paths, '/404.html', '/_astro/x.js', '/no-such-page/']) {
    const set = new Map<string, number>();
    for (const rule of rules.filter((candidate) => compilePathPattern(candidate.path).regex.test(path))) {
      for (const [name, value] of rule.headers) set.set(name, value === null ? 0 : (set.get(name) ?? 0) + 1);
    }
    for (const [name, times] of set) expect(times, `${path} ${name}`).toBeLessThanOrEqual(1);
  }
});

test('_headers: each page has a policy of its own and no <meta> repeats it, all within the CDN’s limits', () => {
  const text = readFileSync(`${clientDir}/_headers`, 'utf8');
  expect(checkHeadersFileLimits(text)).toEqual([]);
  const rules = parseHeaders(text);
  const policies = new Set<string>();
  for (const path of paths) {
    const html = readFileSync(`${clientDir}${path}index.html`, 'utf8');
    expect(html, path).not.toMatch(/http-equiv="content-security-policy"/i);
    const policy = headersFor(rules, path)['Content-Security-Policy']!;
    expect(policy, path).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+/);
    expect(policy, path).not.toContain('unsafe-inline');
    policies.add(policy);
  }
  // Pages built differently carry different hashes: no single policy is the union of them all.
  expect(policies.size).toBeGreaterThan(1);
  // Far fewer rules than pages would need one each: pages of one layout share theirs.
  expect(rules.length).toBeLessThan(paths.length + 2);
});

test('_redirects: every rule leads to a page that was built', () => {
  const rules = parseRedirects(readFileSync(`${clientDir}/_redirects`, 'utf8'));
  expect(rules.length).toBeGreaterThan(0);
  // A rule with a placeholder in its target (/OurProjects/:page/) is checked through the pages below.
  for (const rule of rules.filter(({ to }) => !to.includes(':'))) expect(readFileSync(`${clientDir}${rule.to}index.html`, 'utf8'), rule.to).toContain('<h1');
  // Every page answers for its sub-tree, and no rule catches a page's own address: at most one
  // serves the page as it is (a 200 rewrite to itself), keeping a wider pattern off it.
  for (const path of paths.slice(1)) {
    expect(matchRedirect(rules, hasPagesBelow(path) ? path.slice(0, -1) : `${path}anything/else`)?.location, path).toBe(path);
    const own = matchRedirect(rules, path);
    expect(own === null || (own.status === 200 && own.location === path), `${path}: ${JSON.stringify(own)}`).toBe(true);
  }
});

test('the server behind npm start sends the same headers as _headers, for files other than pages too', async ({ request }) => {
  const text = readFileSync(`${clientDir}/_headers`, 'utf8');
  expect(Object.keys(pageHeadersInFile(text, '/'))).toEqual(
    expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'referrer-policy', 'permissions-policy']),
  );
  // Each page's own headers are checked on its visit in tests/e2e/every-page.spec.ts.
  // Files other than pages: the security headers of /*, and what their own rules add (types, caching).
  const rules = parseHeaders(text);
  for (const path of ['/favicon.svg', siteFilePaths.favicon, siteFilePaths.appleTouchIcon, manifestIconPath(192), siteFilePaths.manifest, siteFilePaths.securityTxt]) {
    const received = (await request.get(path)).headers();
    for (const [name, value] of Object.entries(headersFor(rules, path))) expect(received[name.toLowerCase()], `${path} ${name}`).toBe(value);
  }
  const asset = (await (await request.get('/')).text()).match(/\/_astro\/[\w.-]+\.(?:js|svg|avif|webp|css)/)?.[0] ?? '/_astro/' + globSync('*.js', { cwd: `${clientDir}/_astro` })[0];
  expect((await request.get(asset)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // What is not a page (the endpoint refusing a GET, the health answer) loads nothing and carries every security header.
  for (const path of ['/api/contact', '/api/health']) {
    const answer = (await request.get(path)).headers();
    expect(answer['content-security-policy'], path).toBe(plainAnswerPolicy);
    for (const [name, value] of securityHeaders) expect(answer[name.toLowerCase()], `${path} ${name}`).toBe(value);
  }
});

test('the contact flow runs with zero CSP violations and zero console errors', async ({ page }) => {
  // Every page's own load is checked the same way in tests/e2e/every-page.spec.ts.
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()} console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()} error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  await page.goto('/Contact/');
  await expect(page.locator('form.contact-form')).toHaveAttribute('novalidate', '');
  await fillContactForm(page, { subject: 'CSP check' });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status')).toHaveText(/Thank you/);
  expect(problems).toEqual([]);
});
