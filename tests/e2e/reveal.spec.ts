import { expect, test, type Page } from '@playwright/test';
import { viewports } from './support';

const opacityOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => Number(getComputedStyle(element).opacity));

/**
 * Records, inside the page and at the moment each section is revealed, its opacity and the
 * transitions it starts, so the measurement does not depend on how quickly the test gets to look.
 */
function recordReveals() {
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
}

type RevealRecord = { section: string; opacity: number; transitions: unknown[] };
const revealOf = (page: Page, section: string) =>
  page.evaluate((name) => (window as unknown as { revealLog: RevealRecord[] }).revealLog.find((entry) => entry.section === name), section);
/** How many sections are invisible now. */
const hiddenSections = (page: Page) => page.locator('[data-reveal]').evaluateAll((all) => all.filter((element) => getComputedStyle(element).opacity === '0').length);

test.describe('scroll reveal', () => {
  test.use({ viewport: viewports.desktop, reducedMotion: 'no-preference' });

  test('sections in view on load fade in over 1000 ms, ease-out', async ({ page }) => {
    await page.addInitScript(recordReveals);
    await page.setViewportSize({ width: 1280, height: 1400 });
    await page.goto('/');
    const inView = 'section[aria-labelledby="what-we-do"]';
    await expect.poll(() => revealOf(page, 'what-we-do')).toBeTruthy();
    const recorded = (await revealOf(page, 'what-we-do'))!;
    expect(recorded.transitions).toEqual(
      expect.arrayContaining([
        { property: 'opacity', duration: 1000, easing: 'ease-out' },
        { property: 'transform', duration: 1000, easing: 'ease-out' },
      ]),
    );
    // It starts (nearly) invisible and ends fully visible, with the transition over.
    expect(recorded.opacity).toBeLessThan(0.5);
    await expect.poll(() => opacityOf(page, inView), { timeout: 5000 }).toBe(1);
    expect(await page.locator(inView).evaluate((element) => element.getAnimations().length)).toBe(0);
  });

  test('sections below the fold are visible at rest and on paper, fade in as scrolling brings them up, and are never left hidden', async ({ page }) => {
    await page.addInitScript(recordReveals);
    await page.goto('/');
    const below = 'section[aria-labelledby="our-clients"]';
    // The observer reports every section in its first callback: once the one in view is revealed,
    // the one below the fold has been seen too, and rests visible (a capture of the whole page shows it).
    await expect(page.locator('section[aria-labelledby="what-we-do"]')).toHaveClass(/is-revealed/);
    await expect(page.locator(below)).toHaveClass(/is-resting/);
    await expect.poll(() => hiddenSections(page)).toBe(0);

    // Printed: every section shown, and no menu.
    await page.emulateMedia({ media: 'print' });
    expect(await hiddenSections(page)).toBe(0);
    await expect(page.locator('.header-nav')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // Scrolled down, the section is hidden just before it arrives, then fades in. Both scrolls are
    // made inside the page, one frame apart: scrolling that pauses (as a busy test runner's steps
    // would) lets every section rest visible, by design.
    await page.locator(below).evaluate(async (section) => {
      const scrolled = () => new Promise((done) => addEventListener('scroll', done, { once: true }));
      for (const by of [section.getBoundingClientRect().top - innerHeight * 1.2, innerHeight * 0.5]) {
        const event = scrolled();
        scrollBy({ top: by, behavior: 'instant' });
        await event;
      }
    });
    await expect.poll(() => revealOf(page, 'our-clients')).toBeTruthy();
    const arrived = await revealOf(page, 'our-clients');
    expect(arrived?.opacity).toBeLessThan(0.5);
    expect(arrived?.transitions).toEqual(expect.arrayContaining([{ property: 'opacity', duration: 1000, easing: 'ease-out' }]));
    await expect.poll(() => opacityOf(page, below), { timeout: 2500 }).toBe(1);
    // Once scrolling stops, no section is left hidden below the fold.
    await expect.poll(() => hiddenSections(page)).toBe(0);

    // A jump to an anchor shows its section at once, and leaves none hidden on the way.
    await page.goto('/#our-clients');
    await expect.poll(() => hiddenSections(page), { timeout: 2500 }).toBe(0);
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
