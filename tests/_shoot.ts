// usage: npx node tests/_shoot.ts <outdir> <fullPage:0|1> <paths comma> [widths] [schemes]
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
const root = process.cwd();
const { startWorker } = await import(join(root, 'tests/support/worker.ts'));
const [out, full, pathsArg, widthsArg = '390,1280', schemesArg = 'light,dark'] = process.argv.slice(2);
mkdirSync(out!, { recursive: true });
const state = mkdtempSync(join(tmpdir(), 'm-'));
const worker = await startWorker(state, {}, root);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const scheme of schemesArg.split(',') as ('light' | 'dark')[]) {
    const context = await browser.newContext({ colorScheme: scheme, reducedMotion: 'reduce' });
    const page = await context.newPage();
    for (const width of widthsArg.split(',').map(Number)) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : width < 1000 ? 1024 : 800 });
      for (const path of pathsArg!.split(',')) {
        await page.goto(worker.url + path);
        await page.locator('img').evaluateAll((images) => Promise.all((images as HTMLImageElement[]).map((image) => ((image.loading = 'eager'), image.decode().catch(() => undefined)))));
        await page.screenshot({ path: join(out!, `${path.replaceAll('/', '_') || '_'}-${scheme}-${width}.png`), fullPage: full === '1' });
      }
    }
    await context.close();
  }
} finally { await browser.close(); await worker.stop(); rmSync(state, { recursive: true, force: true }); }
