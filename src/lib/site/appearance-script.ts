import { sha256Hash } from '../publishing/page-policy.ts';
import { appearanceStorageKey } from './appearance.ts';

/**
 * Applies the remembered appearance as `data-appearance` on <html>. It is a classic inline script
 * at the top of <head>, so it runs before the first paint and a dark page never flashes light; a
 * bundled module would run after it. It runs again when a page comes back from the back/forward
 * cache or is shown after being prerendered, in case the choice changed meanwhile. Choosing is the
 * menus' work (useDialogMenu), after they hydrate: nothing more runs before the first paint.
 * Written compactly by hand rather than minified by a tool: its exact text is hashed for the CSP.
 */
const readableSource = `
{
  const apply = () => {
    let choice;
    try { choice = localStorage.getItem('${appearanceStorageKey}') } catch {}
    document.documentElement.dataset.appearance = choice == 'light' || choice == 'dark' ? choice : 'system';
  };
  apply();
  addEventListener('pageshow', apply);
  addEventListener('pagereveal', apply);
}`;

/** The script exactly as every page carries it: the source above without its line breaks and indents. */
export const appearanceScript = readableSource.replace(/\n\s*/g, '');

/** Its hash for the Content-Security-Policy (astro.config.mjs), which allows no other inline script. */
export const appearanceScriptHash = sha256Hash(appearanceScript);
