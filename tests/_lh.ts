import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const root = process.cwd();
const { startWorker } = await import(join(root, 'tests/support/worker.ts'));
const state = mkdtempSync(join(tmpdir(), 'm-'));
const worker = await startWorker(state, {}, root);
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const path of process.argv.slice(2)) {
    const r = await lighthouse(worker.url + path, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    const lhr = r!.lhr;
    const el = Object.keys(lhr.audits).filter((k) => k.includes('lcp') || k.includes('largest')).map((k) => k + ':' + (JSON.stringify(lhr.audits[k]!.details ?? '').match(/"nodeLabel":"([^"]*)"/)?.[1] ?? '')).join(' | ');
    console.log(path, 'perf', lhr.categories.performance!.score, 'LCP', Math.round(lhr.audits['largest-contentful-paint']!.numericValue!), 'element', el);
  }
} finally { chrome.kill(); await worker.stop(); rmSync(state, { recursive: true, force: true }); }
