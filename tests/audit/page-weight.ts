import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface PageWeight {
  /** JavaScript that runs without any interaction. */
  initialJs: Size;
  /** All JavaScript the page can load, including islands hydrated on interaction. */
  allJs: Size;
  css: Size;
  /** The JavaScript files counted, for the report. */
  files: string[];
}

function sizeOf(buffers: Buffer[]): Size {
  const sizes = buffers.map((buffer) => ({
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  }));
  return sizes.reduce((total, size) => ({ raw: total.raw + size.raw, gzip: total.gzip + size.gzip, brotli: total.brotli + size.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
}

/** A built JS module and every module it imports statically, as site paths. */
function moduleGraph(clientDir: string, entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(join(clientDir, entry), 'utf8');
  for (const [, specifier] of source.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    moduleGraph(clientDir, new URL(specifier!, `http://site${entry}`).pathname, seen);
  }
  return seen;
}

/**
 * What one built page ships, in exact bytes and compressed the way the server and CDNs compress
 * (gzip level 9, brotli quality 11, each file on its own as it travels).
 */
export function measurePage(clientDir: string, htmlFile: string): PageWeight {
  const html = readFileSync(htmlFile, 'utf8');
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter(([tag]) => !/type="application\/(ld\+)?json"/.test(tag!))
    .map(([, body]) => Buffer.from(body!));
  const inlineStyles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, body]) => Buffer.from(body!));
  const linkedStyles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)].map(([, href]) => readFileSync(join(clientDir, href!)));

  const initial = new Set<string>();
  const all = new Set<string>();
  for (const src of [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map(([, src]) => src!)) {
    moduleGraph(clientDir, src, initial);
    moduleGraph(clientDir, src, all);
  }
  for (const [island] of html.matchAll(/<astro-island[^>]*>/g)) {
    const urls = [...island!.matchAll(/(?:component|renderer)-url="([^"]+)"/g)].map(([, url]) => url!);
    const onInteraction = /client="intent"/.test(island!);
    for (const url of urls) {
      moduleGraph(clientDir, url, all);
      if (!onInteraction) moduleGraph(clientDir, url, initial);
    }
  }
  const read = (paths: Set<string>) => [...paths].map((path) => readFileSync(join(clientDir, path)));
  return {
    initialJs: sizeOf([...inlineScripts, ...read(initial)]),
    allJs: sizeOf([...inlineScripts, ...read(all)]),
    css: sizeOf([...inlineStyles, ...linkedStyles]),
    files: [...all],
  };
}
