import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const brotli = (texts: string[]) => texts.reduce((total, text) => total + brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length, 0);

/**
 * The JavaScript and CSS one built page ships, in brotli bytes, each file compressed on its own as
 * it travels: its inline scripts and styles, the modules its scripts load, and its islands' code.
 */
export function measurePage(distDir: string, html: string): { js: number; css: number; loadsSearch: boolean } {
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !attributes!.includes('application/ld+json')).map(([, , body]) => body!);
  // The modules its scripts and islands load, and every module those import (a Set visits what is added as it goes).
  const modules = new Set([...html.matchAll(/(?:<script[^>]*\bsrc|component-url|renderer-url)="([^"]+)"/g)].map(([, url]) => url!));
  for (const path of modules) {
    const source = readFileSync(join(distDir, path), 'utf8');
    scripts.push(source);
    for (const [, specifier] of source.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) modules.add(new URL(specifier!, `http://site${path}`).pathname);
  }
  return {
    js: brotli(scripts),
    // Site search's code: Pagefind, which only the search page's script loads (on the first search).
    loadsSearch: scripts.some((script) => script.includes('/pagefind/')),
    css: brotli([...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, body]) => body!)),
  };
}
