import { test } from '@playwright/test';
import { paths } from '../support/site.ts';
import { viewports } from '../e2e/support.ts';

// `npm run screenshots`: every page in both colour schemes, on a phone and on a laptop, kept in the
// test report (playwright-report/, and the PNGs under test-results/) for a person to look at. Not
// part of `npm test`: what can be checked is checked on each page's visits in every-page.spec.ts.

for (const path of [...paths, '/no-such-page/']) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`screenshots of ${path} in the ${colorScheme} scheme, at 390 and 1280 px`, async ({ browser }, testInfo) => {
      const context = await browser.newContext({ colorScheme, reducedMotion: 'reduce' });
      const page = await context.newPage();
      for (const viewport of [viewports.phone, viewports.desktop]) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        // Pictures below the fold load lazily: load them all, so the screenshot shows the whole page.
        await page.locator('img').evaluateAll((images) => Promise.all((images as HTMLImageElement[]).map((image) => ((image.loading = 'eager'), image.decode().catch(() => undefined)))));
        // Sections are drawn only as they near the screen (content-visibility): draw them all.
        await page.locator('.section').evaluateAll((sections) => sections.forEach((section) => ((section as HTMLElement).style.contentVisibility = 'visible')));
        const name = `${path.replaceAll('/', '_') || '_'}-${colorScheme}-${viewport.width}.png`;
        await page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
        await testInfo.attach(name, { path: testInfo.outputPath(name), contentType: 'image/png' });
      }
      await context.close();
    });
  }
}
