import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** The smallest size, in CSS pixels, at which a visitor can read words drawn in a picture. */
export const smallestReadableText = 12;

/**
 * The smallest words in each SVG picture on the page as it is drawn now: the smallest font size in
 * the drawing's own units, times the width it is shown at over the width of its viewBox. A picture
 * whose words a visitor must read keeps them at `smallestReadableText` or more on a phone.
 */
export async function smallestDrawnText(page: Page, distDir: string): Promise<{ picture: string; px: number }[]> {
  const shown = await page.locator('img[src$=".svg"]').evaluateAll((images) => images.map((image) => ({ picture: image.getAttribute('src')!, width: image.getBoundingClientRect().width })));
  return shown.flatMap(({ picture, width }) => {
    const svg = readFileSync(join(distDir, picture), 'utf8');
    const viewBoxWidth = Number(/viewBox="[-\d.]+[ ,]+[-\d.]+[ ,]+([\d.]+)/.exec(svg)?.[1]);
    const sizes = [...svg.matchAll(/font-size[=:]\s*"?([\d.]+)/g)].map(([, size]) => Number(size));
    return sizes.length && width > 0 ? [{ picture, px: Math.round(((Math.min(...sizes) * width) / viewBoxWidth) * 10) / 10 }] : [];
  });
}
