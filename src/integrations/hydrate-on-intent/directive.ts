import type { ClientDirective } from 'astro';

// `client:intent`: an island hydrated when a visitor reaches for it (a press, a tap, or the keyboard
// bringing focus to it), so that a page whose islands go unused loads none of their code, nor Astro's
// island runtime (index.ts leaves it out of such pages and names its file on each island). Every
// page with such an island loads this file (index.ts makes it one): what follows runs as it loads.

const intents = ['pointerdown', 'focusin', 'keydown'];
/** Islands handed over by the runtime, each with what starts it, until a visitor reaches for it. */
const waiting = new WeakMap<Element, () => void>();
/** In each island reached for, the button last pressed before it had taken over. */
const pressed = new WeakMap<Element, HTMLButtonElement>();

function onIntent({ target }: Event) {
  const island = (target as Element).closest?.('astro-island[client="intent"]:not([intent])');
  if (!island) return;
  island.setAttribute('intent', '');
  const runtime = island.getAttribute('runtime-url');
  // (Where the page loads it itself, it may still be on the way: a second copy defines nothing.)
  if (runtime && !customElements.get('astro-island')) document.head.append(Object.assign(document.createElement('script'), { src: runtime }));
  waiting.get(island)?.();
}
for (const type of intents) document.addEventListener(type, onIntent, true);
document.addEventListener(
  'click',
  ({ target }) => {
    const island = (target as Element).closest?.('astro-island[intent][ssr]');
    const button = (target as Element).closest?.('button');
    if (island && button) pressed.set(island, button);
  },
  true,
);

/**
 * Loads and hydrates the island once a visitor has reached for it, then presses again the button
 * they pressed while its code was on the way (the press that started the load, usually), so one
 * press is enough. A keyboard's Enter or Space presses a button too.
 */
const hydrateOnIntent: ClientDirective = (load, _options, island) => {
  const start = async () => {
    await (await load())();
    pressed.get(island)?.click();
  };
  if (island.hasAttribute('intent')) void start();
  else waiting.set(island, start);
};

export default hydrateOnIntent;
