import { expect, test } from '@playwright/test';
import { asComputedColour, schemes, semanticColours } from '../support/design-tokens.ts';
import { paths, viewports } from '../e2e/support.ts';

// `npm run screenshots`: every page in both colour schemes, on a phone and on a laptop, kept in the
// test report (playwright-report/, and the PNGs under test-results/) for a person to look at. Each
// is also checked: the scheme's own background, every picture loaded, nothing wider than the screen.
// Not part of `npm test`, whose visit to each page (tests/e2e/every-page.spec.ts) checks the same.

const surface = semanticColours().get('color-surface')!;

for (const path of [...paths, '/no-such-page/']) {
  for (const colorScheme of schemes) {
    test(`screenshots of ${path} in the ${colorScheme} scheme, at 390 and 1280 px`, async ({ browser }, testInfo) => {
      const context = await browser.newContext({ colorScheme, reducedMotion: 'reduce' });
      const page = await context.newPage();
      for (const viewport of [viewports.phone, viewports.desktop]) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        // Pictures below the fold load lazily: load them all, so the screenshot shows the whole page.
        const pictures = await page.locator('img').evaluateAll((images) =>
          Promise.all(
            (images as HTMLImageElement[]).map(async (image) => {
              image.loading = 'eager';
              await image.decode().catch(() => undefined);
              return { src: image.currentSrc, loaded: image.complete && image.naturalWidth > 0 };
            }),
          ),
        );
        expect(pictures.filter((picture) => !picture.loaded)).toEqual([]);
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(asComputedColour(surface[colorScheme]));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

        const name = `${path.replaceAll('/', '_') || '_'}-${colorScheme}-${viewport.width}.png`;
        const file = testInfo.outputPath(name);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(name, { path: file, contentType: 'image/png' });
      }
      await context.close();
    });
  }
}
