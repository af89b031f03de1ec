import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { findBrokenReferences, validateBuiltHtml } from '../support/site-checks.ts';
import { matchRedirect, parseRedirects } from '../../src/lib/publishing/redirects.ts';
import { hasPagesBelow, paths } from './support';
import { clientDir } from '../support/site-content.ts';


test('every built page is valid HTML', async () => {
  const { files, problems } = await validateBuiltHtml(clientDir);
  // Every page, the 404 page and the contact form's two outcome pages (thank you, and what to fix).
  expect(files).toBe(paths.length + 3);
  expect(problems).toEqual([]);
});

test('every internal link, image and asset resolves', async ({ baseURL }) => {
  const { checked, broken } = await findBrokenReferences(baseURL!, [...paths, '/no-such-page/']);
  expect(broken).toEqual([]);
  // The check covered the site's assets, not just its pages.
  expect(checked.some((target) => target.startsWith('/_astro/'))).toBe(true);
  expect(checked.length).toBeGreaterThan(40);
});

test('the CDN rules cover every page below the home page', async () => {
  const rules = parseRedirects(readFileSync(`${clientDir}/_redirects`, 'utf8'));
  for (const path of paths.slice(1)) {
    expect(matchRedirect(rules, path.slice(0, -1)), path).toEqual({ location: path, status: 301 });
    // The Projects page's sub-tree holds its case studies: those answer for their own.
    if (hasPagesBelow(path)) continue;
    for (const below of [`${path}old`, `${path}old/`, `${path}old/link/`]) expect(matchRedirect(rules, below), below).toEqual({ location: path, status: 301 });
  }
});

test('without its settings the server has no browser editor: its admin and API are not found', async ({ request }) => {
  // Local mode writes files with no login; it runs only under `npm run edit`, never from a build.
  // GitHub mode needs its variables (tests/e2e/github-editor.spec.ts).
  for (const path of ['/keystatic', '/keystatic/', '/keystatic/collection/services', '/api/keystatic/tree']) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
  }
  expect((await request.post('/api/keystatic/update', { data: {} })).status()).toBe(404);
});
