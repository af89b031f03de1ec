import { expect, test, type Page } from '@playwright/test';
import { viewports } from './support.ts';

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
        transitions: target.getAnimations().map((animation) => ({ property: (animation as CSSTransition).transitionProperty, duration: animation.effect!.getTiming().duration, easing: animation.effect!.getTiming().easing })),
      });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
}

/** The section's reveal as recorded, once it has happened. */
async function revealOf(page: Page, section: string) {
  const read = () => page.evaluate((name) => (window as unknown as { revealLog: { section: string; opacity: number; transitions: unknown[] }[] }).revealLog.find((entry) => entry.section === name), section);
  await expect.poll(read).toBeTruthy();
  return (await read())!;
}
const hiddenSections = (page: Page) => page.locator('[data-reveal]').evaluateAll((all) => all.filter((element) => getComputedStyle(element).opacity === '0').length);
const fadeIn = { property: 'opacity', duration: 1000, easing: 'ease-out' };

test.describe('scroll reveal', () => {
  // Tall enough that the first section is well in view on load, and the clients' far below it.
  test.use({ viewport: { width: viewports.desktop.width, height: 1400 }, reducedMotion: 'no-preference' });

  test('sections in view on load fade in over 1000 ms, ease-out; those below the fold are visible at rest and on paper, fade in as scrolling brings them up, and are never left hidden', async ({ page }) => {
    await page.addInitScript(recordReveals);
    await page.goto('/');
    const inView = page.locator('section[aria-labelledby="what-we-do"]');
    const below = page.locator('section[aria-labelledby="our-clients"]');
    const revealed = await revealOf(page, 'what-we-do');
    expect(revealed.transitions).toEqual(expect.arrayContaining([fadeIn, { ...fadeIn, property: 'transform' }]));
    expect(revealed.opacity).toBeLessThan(0.5);
    await expect(inView).toHaveCSS('opacity', '1', { timeout: 5000 });
    expect(await inView.evaluate((element) => element.getAnimations().length)).toBe(0);
    // The observer reports every section in its first callback: once the one in view is revealed,
    // the one below the fold has been seen too, and rests visible (a capture of the whole page shows it).
    await expect(below).toHaveClass(/is-resting/);
    await expect.poll(() => hiddenSections(page)).toBe(0);

    await page.emulateMedia({ media: 'print' });
    expect(await hiddenSections(page)).toBe(0);
    await expect(page.locator('.header-nav')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // Scrolled down, the section is hidden just before it arrives, then fades in. Both scrolls are
    // made inside the page, one frame apart: scrolling that pauses (as a busy test runner's steps
    // would) lets every section rest visible, by design.
    await below.evaluate(async (section) => {
      const scrolled = () => new Promise((done) => addEventListener('scroll', done, { once: true }));
      for (const by of [section.getBoundingClientRect().top - innerHeight * 1.2, innerHeight * 0.5]) {
        const event = scrolled();
        scrollBy({ top: by, behavior: 'instant' });
        await event;
      }
    });
    const arrived = await revealOf(page, 'our-clients');
    expect(arrived.opacity).toBeLessThan(0.5);
    expect(arrived.transitions).toEqual(expect.arrayContaining([fadeIn]));
    await expect(below).toHaveCSS('opacity', '1', { timeout: 2500 });
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
    const states = await sections.evaluateAll((all) => all.map((element) => `${getComputedStyle(element).opacity} ${getComputedStyle(element).transform} ${element.getAnimations().length}`));
    expect(states.length).toBeGreaterThanOrEqual(5);
    expect(states, 'opacity, transform, animations').toEqual(states.map(() => '1 none 0'));
    await page.locator('section[aria-labelledby="our-clients"]').scrollIntoViewIfNeeded();
    expect(await sections.evaluateAll((all) => all.flatMap((element) => element.getAnimations()).length)).toBe(0);
  });
});
