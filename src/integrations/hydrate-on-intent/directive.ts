import type { ClientDirective } from 'astro';

/**
 * `client:intent` hydrates an island the moment a visitor shows they are about to use it (pointer
 * over it, a touch, keyboard focus) instead of on page load, so React's runtime never competes with
 * the first paint and pages whose menu nobody opens never download it. A click that lands before
 * React is listening is held back and replayed once it is, so the first tap is never lost.
 */
const hydrateOnIntent: ClientDirective = (load, _options, island) => {
  const intentEvents = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
  let heldClick: HTMLElement | null = null;
  let started = false;

  const holdClick = (event: Event) => {
    // Stop the event here so React, once listening, does not also handle it: it is replayed below.
    event.stopImmediatePropagation();
    event.preventDefault();
    if (event.target instanceof Element) heldClick = event.target.closest<HTMLElement>('button, a, [role="button"]');
    void start();
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of intentEvents) island.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    island.removeEventListener('click', holdClick, true);
    heldClick?.click();
  };

  island.addEventListener('click', holdClick, true);
  for (const type of intentEvents) island.addEventListener(type, start, { passive: true });
};

export default hydrateOnIntent;
