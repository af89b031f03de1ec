import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageWeightBudget } from '../audit/budgets';
import { measurePage } from '../audit/page-weight';
import { paths } from './support';
import { clientDir } from '../support/site-content.ts';
import { brotliCompressSync, constants } from 'node:zlib';
import { appearanceScript } from '../../src/lib/site/appearance-script.ts';

// Reads the build the web server is serving: exact bytes each page ships, against tests/audit/budgets.ts.

test('every page ships JavaScript and CSS within its byte budget', () => {
  const rows: string[] = [];
  const over: string[] = [];
  for (const path of [...paths, '/404.html']) {
    const file = path.endsWith('.html') ? join(clientDir, path) : join(clientDir, path, 'index.html');
    const weight = measurePage(clientDir, file);
    const budget = pageWeightBudget(path);
    rows.push(
      `${path.padEnd(16)} initial JS ${weight.initialJs.gzip} gz / ${weight.initialJs.brotli} br · all JS ${weight.allJs.gzip} gz / ${weight.allJs.brotli} br · CSS ${weight.css.gzip} gz / ${weight.css.brotli} br`,
    );
    for (const kind of ['initialJs', 'allJs', 'css'] as const) {
      for (const encoding of ['gzip', 'brotli'] as const) {
        if (weight[kind][encoding] > budget[kind][encoding]) over.push(`${path} ${kind} ${encoding}: ${weight[kind][encoding]} > ${budget[kind][encoding]} bytes`);
      }
    }
  }
  console.log(`Bytes each page ships (exact, compressed):\n${rows.join('\n')}`);
  expect(over).toEqual([]);
});

test('the home page runs no React until the menu is reached for', () => {
  const weight = measurePage(clientDir, join(clientDir, 'index.html'));
  expect(weight.initialJs.brotli).toBeLessThan(3_000);
  expect(weight.allJs.brotli).toBeGreaterThan(40_000); // React is there, just not loaded up front
});

test('the one script that runs before the first paint, the appearance script in <head>, stays under 300 bytes', () => {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const head = html.slice(0, html.indexOf('</head>'));
  // Classic scripts in <head> block the first paint; data blocks (JSON-LD, speculation rules) do not run.
  const blocking = [...head.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body);
  expect(blocking).toEqual([appearanceScript]);
  const bytes = brotliCompressSync(Buffer.from(appearanceScript), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  console.log(`Appearance script: ${Buffer.byteLength(appearanceScript)} B, ${bytes} B with brotli.`);
  expect(bytes).toBeLessThan(300);
});
