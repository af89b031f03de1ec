import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const root = process.cwd();
const { startWorker } = await import(join(root, 'tests/support/worker.ts'));
const { measureResponseBytes } = await import(join(root, 'tests/audit/first-round-trip.ts'));
const state = mkdtempSync(join(tmpdir(), 'm-'));
const worker = await startWorker(state, {}, root);
try { for (const p of ['/', '/IPOS/', '/WebApp/', '/Software/', '/Cyber/']) console.log(p, (await measureResponseBytes(`${worker.url}${p}`)).total); } finally { await worker.stop(); rmSync(state, { recursive: true, force: true }); }
