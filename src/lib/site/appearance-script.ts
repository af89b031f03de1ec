import { sha256Hash } from '../publishing/page-policy.ts';
import { appearanceStorageKey } from './appearance.ts';

/**
 * Applies the remembered appearance as `data-appearance` on <html>: a classic inline script at the
 * top of <head>, so a dark page never flashes light (a module would run later), again when a page
 * comes back from the back/forward cache or from prerendering. Choosing is the menu's work.
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

/** The script as every page carries it (and the CSP hashes it): the source above without line breaks and indents. */
export const appearanceScript = readableSource.replace(/\n\s*/g, '');

/** Its hash for the Content-Security-Policy (astro.config.mjs), which allows no other inline script. */
export const appearanceScriptHash = sha256Hash(appearanceScript);
