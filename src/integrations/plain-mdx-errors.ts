import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

interface MdxError extends Error {
  line?: number;
  column?: number;
  loc?: { line?: number; column?: number };
}

/** What an editor should do about the character at which MDX stopped reading. */
function adviceFor(character: string): string {
  if (character === '{' || character === '}') {
    return 'In an .mdx file, curly braces start a piece of code. To show them as written, put a backslash before each one: \\{ and \\}.';
  }
  if (character === '<') {
    return 'In an .mdx file, "<" starts a component or an HTML tag. To show it as written, type &lt; instead, or put a backslash before it: \\<.';
  }
  return 'In an .mdx file, the characters { } and < have a special meaning. Put a backslash before any you want shown as written.';
}

/**
 * The sentence an editor reads when an .mdx body cannot be read: the file and line, the character
 * to change and how, and the simpler way out (plain Markdown shows every character as written).
 */
export function describeMdxError(file: string, root: string, source: string, line: number, column: number): string {
  const text = source.split(/\r?\n/)[line - 1] ?? '';
  // The compiler reports where the code it expected broke down, often inside the braces: point at
  // the brace or "<" that opened it, which is what the editor has to change.
  const opener = Math.max(text.lastIndexOf('{', column - 1), text.lastIndexOf('<', column - 1));
  if (opener >= 0) column = opener + 1;
  const character = text[column - 1] ?? '';
  const path = relative(root, file);
  const shown = character ? `the "${character}" in line ${line}, column ${column}` : `line ${line}`;
  return [
    `${path} cannot be read: the build stopped at ${shown}:`,
    `  ${text.trim()}`,
    adviceFor(character),
    `If this file uses no components, rename it to ${path.replace(/\.mdx$/, '.md')}: plain Markdown shows every character as written.`,
  ].join('\n');
}

/**
 * Rewords the MDX compiler's parse errors ("Could not parse expression with oxc…") for editors.
 * @astrojs/mdx has no option for its messages, so this wraps its Vite plugin's transform once the
 * plugins are resolved, and rethrows its errors with describeMdxError's words, keeping the location.
 */
export function plainMdxErrors(): AstroIntegration {
  let root = process.cwd();
  const wrapper: Plugin = {
    name: 'plain-mdx-errors',
    configResolved(resolved) {
      const mdx = resolved.plugins.find((plugin) => plugin.name === '@mdx-js/rolldown');
      const transform = mdx?.transform;
      if (!mdx || !transform || typeof transform !== 'object') return;
      const handler = transform.handler;
      transform.handler = async function (this: unknown, code: string, id: string, ...rest: unknown[]) {
        try {
          return await (handler as (...args: unknown[]) => unknown).call(this, code, id, ...rest);
        } catch (error) {
          const mdxError = error as MdxError;
          const line = mdxError.loc?.line ?? mdxError.line;
          const column = mdxError.loc?.column ?? mdxError.column ?? 1;
          if (!line) throw error;
          mdxError.message = describeMdxError(id, root, readFileSync(id, 'utf8'), line, column);
          throw mdxError;
        }
      } as typeof handler;
    },
  };
  return {
    name: 'plain-mdx-errors',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        root = fileURLToPath(config.root);
        updateConfig({ vite: { plugins: [wrapper] } });
      },
    },
  };
}
