import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { glob, type Loader } from 'astro/loaders';
import { parse, postprocess, preprocess } from 'micromark';
import { mdxjs } from 'micromark-extension-mdxjs';
import { formatIssuePath } from './editor-errors.ts';

/** A picture's field (such as `image.src`) and the path it gives. */
export type MissingPicture = { field: string; src: string };

/**
 * Every picture (an object with `src` and `alt`) in an entry's data whose file does not exist.
 * Astro would notice later, naming the image but not the file or field an editor has to fix.
 */
export function findMissingPictures(data: unknown, entryFile: string, path: PropertyKey[] = []): MissingPicture[] {
  if (Array.isArray(data)) return data.flatMap((item, index) => findMissingPictures(item, entryFile, [...path, index]));
  if (!data || typeof data !== 'object') return [];
  const { src, ...rest } = data as Record<string, unknown>;
  const nested = Object.entries(rest).flatMap(([key, value]) => findMissingPictures(value, entryFile, [...path, key]));
  const isMissing = typeof src === 'string' && 'alt' in rest && /^\.\.?\//.test(src) && !existsSync(resolve(dirname(entryFile), src));
  return isMissing ? [{ field: formatIssuePath([...path, 'src']), src }, ...nested] : nested;
}

/** The sentence an editor reads for a missing picture. */
export function describeMissingPicture(entryFile: string, root: string, missing: MissingPicture): string {
  const file = relative(root, entryFile);
  const expected = relative(root, resolve(dirname(entryFile), missing.src));
  return `${file}: "${missing.field}" points to "${missing.src}", but there is no such file. Check the spelling of the path, or add the picture as ${expected}.`;
}

/** The front matter without groups left empty (`photo: {}`): the browser editor saves an untouched group so, meaning "none". */
export function withoutEmptyGroups<Data extends Record<string, unknown>>(data: Data): Data {
  const isEmptyGroup = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && Object.keys(value).length === 0;
  return Object.fromEntries(Object.entries(data).filter(([, value]) => !isEmptyGroup(value))) as Data;
}

/** What an editor should do about the character at which an .mdx text stops being readable. */
function adviceFor(character: string): string {
  if (character === '{' || character === '}') return 'In an .mdx file, curly braces start a piece of code. To show them as written, put a backslash before each one: \\{ and \\}.';
  if (character === '<') return 'In an .mdx file, "<" starts a component or an HTML tag. To show it as written, type &lt; instead, or put a backslash before it: \\<.';
  return 'In an .mdx file, the characters { } and < have a special meaning. Put a backslash before any you want shown as written.';
}

/**
 * Why an .mdx file's text cannot be read, in an editor's words (the line, the character to change
 * and how), or null. Checked with the MDX grammar itself (micromark) as the file loads, since the
 * compiler's own message names only its grammar rule.
 */
export function mdxProblem(source: string, file: string): string | null {
  // The front matter is YAML, not MDX: blanked out, keeping its lines so that numbers stay true.
  const text = source.replace(/^---\r?\n[\s\S]*?\r?\n---(?=\r?\n|$)/, (frontMatter) => frontMatter.replace(/[^\n]/g, ' '));
  try {
    postprocess(parse({ extensions: [mdxjs()] }).document().write(preprocess()(text, undefined, true)));
    return null;
  } catch (error) {
    const { line = 1, column = 1 } = error as { line?: number; column?: number };
    const lineText = text.split(/\r?\n/)[line - 1] ?? '';
    // The grammar stops where the code it expected broke down: point at the brace or "<" that opened it.
    const opener = Math.max(lineText.lastIndexOf('{', column - 1), lineText.lastIndexOf('<', column - 1));
    const at = opener >= 0 ? opener + 1 : column;
    const character = lineText[at - 1] ?? '';
    return [
      `${file} cannot be read: it stops at ${character ? `the "${character}" in line ${line}, column ${at}` : `line ${line}`}:`,
      `  ${lineText.trim()}`,
      adviceFor(character),
      `If this file uses no components, rename it to ${file.replace(/\.mdx$/, '.md')}: plain Markdown shows every character as written.`,
    ].join('\n');
  }
}

/**
 * The pictures an article's text shows (`![alt](../../assets/…)`) whose file does not exist, one
 * sentence each naming the line. Astro would stop the build too, but naming only the picture.
 */
export function missingTextPictures(source: string, entryFile: string, root: string): string[] {
  return source.split(/\r?\n/).flatMap((line, index) =>
    [...line.matchAll(/!\[[^\]]*\]\((\.{1,2}\/[^)\s]+)\)/g)]
      .map(([, src]) => src!)
      .filter((src) => !existsSync(resolve(dirname(entryFile), src)))
      .map((src) => `${relative(root, entryFile)}: the picture in line ${index + 1} of the text, "${src}", does not exist. Insert it again in the browser editor, or add the file as ${relative(root, resolve(dirname(entryFile), src))}.`),
  );
}

/** How long the dev server waits for an entry's picture to be written after the entry itself. */
const pictureGraceMs = 3_000;

/** Loads one collection from `src/content/<name>/`, the file name the id (`services/Cyber.mdx` is `/Cyber/`), checking pictures and MDX as each file loads. */
export function contentFiles(name: string): Loader {
  const files = glob({
    base: `./src/content/${name}`,
    pattern: '**/*.{md,mdx}',
    generateId: ({ entry }) => entry.replace(/\.mdx?$/, ''),
  });
  return {
    name: `${name}-files`,
    load: (context) =>
      files.load({
        ...context,
        parseData: async (entry) => {
          const root = context.config.root.pathname;
          const entryFile = resolve(root, entry.filePath!);
          let missing = findMissingPictures(entry.data, entryFile);
          // The browser editor writes a new entry a moment before its picture: while watching, wait for it.
          for (let waited = 0; missing.length && context.watcher && waited < pictureGraceMs; waited += 100) {
            await new Promise((wake) => setTimeout(wake, 100));
            missing = findMissingPictures(entry.data, entryFile);
          }
          if (missing.length) throw new Error(missing.map((picture) => describeMissingPicture(entryFile, root, picture)).join('\n'));
          const source = entryFile.endsWith('.mdx') ? readFileSync(entryFile, 'utf8') : '';
          const unreadable = source && mdxProblem(source, relative(root, entryFile));
          const problems = unreadable ? [unreadable] : missingTextPictures(source, entryFile, root);
          if (problems.length) throw new Error(problems.join('\n'));
          return context.parseData({ ...entry, data: withoutEmptyGroups(entry.data) });
        },
      }),
  };
}
