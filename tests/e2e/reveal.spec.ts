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
    // Record, inside the page and at the moment each section is revealed, the transition it starts,
    // so the measurement does not depend on how quickly this test process (or a frame) gets to look.
    await page.addInitScript(() => {
      const seen = new WeakSet<Element>();
      const log: unknown[] = ((window as unknown as { revealLog: unknown[] }).revealLog = []);
      new MutationObserver((records) => {
        for (const { target } of records) {
          if (!(target instanceof Element) || !target.classList.contains('is-revealed') || seen.has(target)) continue;
          seen.add(target);
          log.push({
            section: target.getAttribute('aria-labelledby'),
            opacity: Number(getComputedStyle(target).opacity),
            transitions: target.getAnimations().map((animation) => ({
              property: (animation as CSSTransition).transitionProperty,
              duration: animation.effect!.getTiming().duration,
              easing: animation.effect!.getTiming().easing,
            })),
          });
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
    await page.setViewportSize({ width: 1280, height: 1400 });
    await page.goto('/');
    const inView = 'section[aria-labelledby="what-we-do"]';
    const firstFrame = () =>
      page.evaluate(() => (window as unknown as { revealLog: { section: string }[] }).revealLog.find((entry) => entry.section === 'what-we-do'));
    await expect.poll(firstFrame).toBeTruthy();
    const recorded = (await firstFrame()) as unknown as { opacity: number; transitions: unknown[] };
    expect(recorded.transitions).toEqual(
      expect.arrayContaining([
        { property: 'opacity', duration: 1000, easing: 'ease-out' },
        { property: 'transform', duration: 1000, easing: 'ease-out' },
      ]),
    );
    // It starts (nearly) invisible and ends fully visible, with the transition over.
    expect(recorded.opacity).toBeLessThan(0.5);
    await expect.poll(() => opacityOf(page, inView), { timeout: 5000 }).toBe(1);
    expect(await transitionsOf(page, inView)).toEqual([]);
  });

  test('sections below the fold wait until they are scrolled into view', async ({ page }) => {
    await page.goto('/');
    const below = 'section[aria-labelledby="our-clients"]';
    // The observer reports every section in its first callback: once the one in view is revealed,
    // the one below the fold has been seen too, and left alone.
    await expect(page.locator('section[aria-labelledby="what-we-do"]')).toHaveClass(/is-revealed/);
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
