import { chromium } from '@playwright/test';

/** The phone the length is measured on: a common handset's screen in CSS pixels. */
export const phoneScreen = { width: 390, height: 844 };

/**
 * How many phone screens each page is, footer included: its full height over the screen's, with
 * JavaScript on as a visitor has it. One fresh page per address, against the built site.
 */
export async function measurePhoneScreens(siteUrl: string, paths: string[], executablePath: string): Promise<{ path: string; screens: number }[]> {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const context = await browser.newContext({ baseURL: siteUrl, viewport: phoneScreen, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const lengths = [];
    for (const path of paths) {
      await page.goto(path);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      lengths.push({ path, screens: Math.round((height / phoneScreen.height) * 10) / 10 });
    }
    return lengths;
  } finally {
    await browser.close();
  }
}
