import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { site } from '../../src/site.config.ts';
import { clientDir } from '../support/site-content.ts';

// Each page's tags, social image and JSON-LD are checked on its visit in
// tests/e2e/every-page.spec.ts, against the data the build made it from; here, the site-wide files.

test('robots.txt allows crawling and names the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('User-agent: *');
  expect(robots).toContain(`Sitemap: ${new URL('/sitemap-index.xml', site.url).href}`);
  const index = readFileSync(join(clientDir, 'sitemap-index.xml'), 'utf8');
  expect(index).toContain(new URL('/sitemap-0.xml', site.url).href);
});
