import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';
import { builtFile } from '../../lib/publishing/built-file.ts';

/** A built script's file, named by its content so that it can be cached for good. */
const fileFor = (name: string, text: string) => `_astro/${name}.${createHash('sha256').update(text).digest('hex').slice(0, 8)}.js`;
/** directive.ts as Astro compiles and inlines it (it writes no `<`, so the script ends at the first one). */
const inlineIntentDirective = /<script>([^<]*new Event\("astro:intent"\)[^<]*)<\/script>/;

/**
 * A built page as published, with the files its islands' scripts became. Astro copies its island
 * runtime and each directive's script inline into every page with an island, a few kilobytes that
 * a page's first response would carry each time; here they are files that every page shares. The
 * runtime is loaded as the page loads where an island hydrates by itself (the contact form), and
 * only on a visitor's intent where every island waits for one (the menu, on every page:
 * directive.ts, which finds the runtime's file on the island). Its <style>, which HTML does not
 * allow in <body>, is in global.scss. Astro offers no option for either, so it is done here.
 */
export function withIslandScriptsAsFiles(html: string, page: string): { html: string; files: Map<string, string> } {
  const files = new Map<string, string>();
  if (!html.includes('<astro-island ')) return { html, files };
  const runtime = `<script>${islandRuntime}</script>`;
  const directive = inlineIntentDirective.exec(html)?.[1];
  if (!html.includes(runtime) || (html.includes('client="intent"') && !directive)) {
    throw new Error(`${page}: Astro's island scripts are not written as src/integrations/hydrate-on-intent expects: has Astro changed them?`);
  }
  const runtimeFile = fileFor('astro-island', islandRuntime);
  files.set(runtimeFile, islandRuntime);
  const onIntentOnly = [...html.matchAll(/<astro-island [^>]*?client="(\w+)"/g)].every(([, client]) => client === 'intent');
  let published = html
    .replace(`<style>${ISLAND_STYLES}</style>`, '')
    .replace(runtime, onIntentOnly ? '' : `<script async src="/${runtimeFile}"></script>`)
    .replaceAll(/<astro-island (?=[^>]*client="intent")/g, `<astro-island runtime-url="/${runtimeFile}" `);
  if (directive) {
    const directiveFile = fileFor('client-intent', directive);
    files.set(directiveFile, directive);
    published = published.replace(`<script>${directive}</script>`, `<script async src="/${directiveFile}"></script>`);
  }
  return { html: published, files };
}

/** `client:intent` (directive.ts), and every built page's islands as withIslandScriptsAsFiles leaves them. Before publishing-files, which hashes what stays inline. */
export function hydrateOnIntent(): AstroIntegration {
  return {
    name: 'hydrate-on-intent',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'intent', entrypoint: fileURLToPath(new URL('directive.ts', import.meta.url)) });
      },
      'astro:build:done': async ({ dir, pages }) => {
        for (const { pathname } of pages) {
          const file = builtFile(dir, pathname);
          const { html, files } = withIslandScriptsAsFiles(await readFile(file, 'utf8'), `/${pathname}`);
          await writeFile(file, html);
          for (const [name, text] of files) await writeFile(new URL(name, dir), text);
        }
      },
    },
  };
}
