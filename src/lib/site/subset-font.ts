import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

/**
 * The characters the site's face keeps: printable ASCII, the typographic punctuation and signs the
 * words use, and the accented letters of everyday names. A character outside them is drawn, glyph by
 * glyph, in the fallback face matched to the face's metrics, so the file stays small for a first visit.
 */
const keptCharacters = `${String.fromCharCode(...Array.from({ length: 95 }, (_, index) => 32 + index))}\u00a0‘’“”–—…•→−×©·°àâçéèêëîïôöüñÉ`;

/** A variable font file from an npm package, cut to the kept characters and the `weights` the site uses; written once into node_modules/.cache (named by what it is made from), and its path returned. */
export async function subsetFontFile(specifier: string, weights: { min: number; max: number }): Promise<string> {
  const source = readFileSync(createRequire(import.meta.url).resolve(specifier));
  const key = createHash('sha256').update(source).update(keptCharacters).update(JSON.stringify(weights)).digest('hex').slice(0, 16);
  const file = fileURLToPath(new URL(`../../../node_modules/.cache/site-fonts/${key}.woff2`, import.meta.url));
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, await subsetFont(source, keptCharacters, { targetFormat: 'woff2', variationAxes: { wght: weights } }));
  }
  return file;
}
