import { expect, test, type Page } from '@playwright/test';
import { viewports } from './support';

/** The running transition on an element, as the browser reports it. */
function transitionsOf(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) =>
    element.getAnimations().map((animation) => {
      const timing = animation.effect!.getTiming();
      return { property: (animation as CSSTransition).transitionProperty, duration: timing.duration, easing: timing.easing };
    }),
  );
}

const opacityOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => Number(getComputedStyle(element).opacity));

test.describe('scroll reveal', () => {
  test.use({ viewport: viewports.desktop });

  test('sections in view on load fade in over 1000 ms, ease-out', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1400 });
    await page.goto('/');
    const inView = 'section[aria-labelledby="what-we-do"]';
    await expect(page.locator(inView)).toHaveClass(/is-revealed/);
    const transitions = await transitionsOf(page, inView);
    expect(transitions).toEqual(
      expect.arrayContaining([
        { property: 'opacity', duration: 1000, easing: 'ease-out' },
        { property: 'transform', duration: 1000, easing: 'ease-out' },
      ]),
    );
    // Mid-way it is partly visible; after the second it is fully visible and the transition is over.
    const midway = await opacityOf(page, inView);
    expect(midway).toBeLessThan(1);
    await expect.poll(() => opacityOf(page, inView), { timeout: 2500 }).toBe(1);
    expect(await transitionsOf(page, inView)).toEqual([]);
  });

  test('sections below the fold wait until they are scrolled into view', async ({ page }) => {
    await page.goto('/');
    const below = 'section[aria-labelledby="our-clients"]';
    await page.waitForTimeout(300);
    await expect(page.locator(below)).not.toHaveClass(/is-revealed/);
    expect(await opacityOf(page, below)).toBe(0);
    await page.locator(below).scrollIntoViewIfNeeded();
    await expect(page.locator(below)).toHaveClass(/is-revealed/);
    await expect.poll(() => opacityOf(page, below), { timeout: 2500 }).toBe(1);
  });
});

test.describe('scroll reveal with reduced motion', () => {
  test.use({ viewport: viewports.desktop, reducedMotion: 'reduce' });

  test('nothing animates and every section is visible at once', async ({ page }) => {
    await page.goto('/');
    const sections = page.locator('[data-reveal]');
    expect(await sections.count()).toBeGreaterThanOrEqual(5);
    for (const section of await sections.all()) {
      expect(await section.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
      expect(await section.evaluate((element) => getComputedStyle(element).transform)).toBe('none');
      expect(await section.evaluate((element) => element.getAnimations().length)).toBe(0);
    }
    await page.locator('section[aria-labelledby="our-clients"]').scrollIntoViewIfNeeded();
    expect(await page.locator('[data-reveal]').evaluateAll((all) => all.flatMap((element) => element.getAnimations()).length)).toBe(0);
  });
});
