import { globSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { HtmlValidate } from 'html-validate';
import { pages } from './support';

// These checks read the build the web server is serving (npm start builds it first).
const dist = 'dist/client';

test('every built page is valid HTML', async () => {
  const validator = new HtmlValidate({
    extends: ['html-validate:recommended'],
    rules: {
      // Style, not validity: React's server renderer writes <input ... /> and camelCase attribute
      // names (HTML attribute names are case-insensitive) for the contact form island.
      'attr-case': 'off',
      'void-style': 'off',
      'attribute-boolean-style': 'off',
      'attribute-empty-style': 'off',
    },
  });
  const files = globSync(`${dist}/**/*.html`);
  // Every page, the 404 page and the contact form's thank-you page.
  expect(files.length).toBe(pages.length + 2);
  const problems: string[] = [];
  for (const file of files) {
    const report = await validator.validateString(readFileSync(file, 'utf8'), file);
    for (const message of report.results.flatMap((result) => result.messages)) {
      // Astro's island runtime puts one <style> (display: contents for its custom elements) inside
      // the first island; browsers apply it, the HTML standard wants styles in <head>. Not ours to fix.
      if (message.ruleId === 'element-permitted-content' && message.message.startsWith('<style> element')) continue;
      problems.push(`${relative(dist, file)}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
    }
  }
  expect(problems).toEqual([]);
});

/** Every address a page refers to: links, images, sources, stylesheets, scripts and icons. */
function referencesIn(html: string): string[] {
  const found = new Set<string>();
  for (const [, attribute, value] of html.matchAll(/\s(href|src|srcset|component-url|renderer-url)="([^"]*)"/g)) {
    const urls = attribute === 'srcset' ? value!.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!) : [value!];
    for (const url of urls) found.add(url.replaceAll('&amp;', '&'));
  }
  return [...found];
}

test('every internal link, image and asset resolves', async ({ request, baseURL }) => {
  const broken: string[] = [];
  const checked = new Map<string, number>();
  for (const path of [...pages.map(([path]) => path), '/no-such-page/']) {
    const html = await (await request.get(path)).text();
    for (const reference of referencesIn(html)) {
      const url = new URL(reference, `${baseURL}${path}`);
      if (url.origin !== baseURL || url.protocol === 'mailto:' || url.protocol === 'tel:') continue;
      const target = url.pathname;
      if (target === path) {
        // A link within the page itself (the skip link, an anchor): its target must be on this page.
        if (url.hash && !html.includes(`id="${url.hash.slice(1)}"`)) broken.push(`${path} → ${reference} (no such anchor)`);
        continue;
      }
      if (!checked.has(target)) checked.set(target, (await request.get(target)).status());
      if (checked.get(target) !== 200) broken.push(`${path} → ${reference} (${checked.get(target)})`);
      if (url.hash) {
        const targetHtml = await (await request.get(target)).text();
        if (!targetHtml.includes(`id="${url.hash.slice(1)}"`)) broken.push(`${path} → ${reference} (no such anchor)`);
      }
    }
  }
  expect(broken).toEqual([]);
  // The check covered the site's assets, not just its pages.
  expect([...checked.keys()].some((target) => target.startsWith('/_astro/'))).toBe(true);
  expect(checked.size).toBeGreaterThan(40);
});

test('the CDN rules cover every page below the home page', async () => {
  const rules = readFileSync(`${dist}/_redirects`, 'utf8');
  for (const [path] of pages.slice(1)) {
    expect(rules).toContain(`${path.slice(0, -1)} ${path} 301`);
    expect(rules).toContain(`${path}:sub ${path} 301`);
    expect(rules).toContain(`${path}:sub/* ${path} 301`);
  }
});
