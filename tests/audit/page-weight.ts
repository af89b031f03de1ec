import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { menuRoute } from '../../src/lib/content/routes.ts';

const brotli = (texts: string[]) => texts.reduce((total, text) => total + brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length, 0);

/** The sources of the given modules of the built site and of every module they import (a Set visits what is added as it goes). */
function withImports(distDir: string, urls: string[]): string[] {
  const modules = new Set(urls);
  const sources = [];
  for (const path of modules) {
    const source = readFileSync(join(distDir, path), 'utf8');
    sources.push(source);
    for (const [, specifier] of source.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) modules.add(new URL(specifier!, `http://site${path}`).pathname);
  }
  return sources;
}

/**
 * The JavaScript and CSS one built page ships, in brotli bytes, each file compressed on its own as it
 * travels; what an island waiting for a visitor's intent (client:intent) loads once used is `onIntent`:
 * its code, the styles that code links, and the menu's contents it fetches.
 */
export function measurePage(distDir: string, html: string): { js: number; css: number; fonts: number; onIntent: number; loadsSearch: boolean } {
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !attributes!.includes('application/ld+json')).map(([, , body]) => body!);
  const islands = [...html.matchAll(/<astro-island [^>]*>/g)].map(([island]) => island);
  const urls = (tags: string[], attribute: RegExp) => tags.flatMap((tag) => [...tag.matchAll(attribute)].map(([, url]) => url!));
  const scripts = [...inline, ...withImports(distDir, [...new Set([...urls([html], /<script[^>]*\bsrc="([^"]+)"/g), ...urls(islands.filter((island) => !island.includes('client="intent"')), /(?:component|renderer)-url="([^"]+)"/g)])])];
  const intentCode = withImports(distDir, [...new Set(urls(islands.filter((island) => island.includes('client="intent"')), /(?:component|renderer|runtime)-url="([^"]+)"/g))]);
  const intentStyles = [...new Set(intentCode.flatMap((source) => source.match(/\/_astro\/[\w.-]+\.css/g) ?? []))].map((path) => readFileSync(join(distDir, path), 'utf8'));
  const onIntent = [...intentCode, ...intentStyles, ...(intentCode.length ? [readFileSync(join(distDir, menuRoute, 'index.html'), 'utf8')] : [])];
  return {
    js: brotli(scripts),
    onIntent: brotli(onIntent),
    // Site search's code: Pagefind, which only the search page's script loads (on the first search).
    loadsSearch: scripts.some((script) => script.includes('/pagefind/')),
    css: brotli([...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, body]) => body!)),
    // The font files its styles name, as they travel (woff2 is compressed already).
    fonts: [...new Set(html.match(/\/_astro\/fonts\/[\w-]+\.woff2/g))].reduce((total, path) => total + readFileSync(join(distDir, path)).length, 0),
  };
}
