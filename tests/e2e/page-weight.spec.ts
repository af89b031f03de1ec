import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { pageWeightBudget } from '../audit/budgets';
import { measurePage } from '../audit/page-weight';
import { pages } from './support';
import { clientDir } from '../support/site-content.ts';

// Reads the build the web server is serving: exact bytes each page ships, against tests/audit/budgets.ts.

test('every page ships JavaScript and CSS within its byte budget', () => {
  const rows: string[] = [];
  const over: string[] = [];
  for (const path of [...pages.map(([path]) => path), '/404.html']) {
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
