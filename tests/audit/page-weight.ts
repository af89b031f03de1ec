import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** A built JS module and every module it imports statically, as site paths. */
function moduleGraph(distDir: string, entry: string, seen: Set<string>): void {
  if (seen.has(entry)) return;
  seen.add(entry);
  const source = readFileSync(join(distDir, entry), 'utf8');
  for (const [, specifier] of source.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) moduleGraph(distDir, new URL(specifier!, `http://site${entry}`).pathname, seen);
}

const brotli = (texts: string[]) => texts.reduce((total, text) => total + brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length, 0);

/**
 * The JavaScript and CSS one built page ships, in brotli bytes, each file compressed on its own as
 * it travels: its inline scripts and styles, the modules its scripts load, and its islands' code.
 */
export function measurePage(distDir: string, html: string): { js: number; css: number; loadsSearch: boolean } {
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !attributes!.includes('application/ld+json')).map(([, , body]) => body!);
  const modules = new Set<string>();
  for (const [, url] of html.matchAll(/(?:<script[^>]*\bsrc|component-url|renderer-url)="([^"]+)"/g)) moduleGraph(distDir, url!, modules);
  const scripts = [...inlineScripts, ...[...modules].map((path) => readFileSync(join(distDir, path), 'utf8'))];
  return {
    js: brotli(scripts),
    // Site search's code: Pagefind, which only the search page's script loads (on the first search).
    loadsSearch: scripts.some((script) => script.includes('/pagefind/')),
    css: brotli([...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, body]) => body!)),
  };
}
