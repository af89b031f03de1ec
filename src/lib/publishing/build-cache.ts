import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Produces a build result (a compressed copy, a drawn picture) from scratch. */
export type Produce = () => Promise<Buffer>;

export interface BuildCache {
  /** The result for `input` made by `recipe`: read from the cache, or produced and kept there. */
  get(input: string | Buffer, recipe: string, produce: Produce): Promise<Buffer>;
  /** Removes what this build did not ask for, so the folder holds one build's worth, not every build's. */
  prune(): Promise<void>;
}

/**
 * What the build makes from its own output and could make again, kept in a folder of Astro's cache
 * by the hash of what it was made from: a rebuild of an unchanged page reads the file instead of
 * encoding it again. Astro's own image cache works the same way; it does not cover these.
 * `recipe` names how the result is made (format and settings), so a change of settings misses.
 * A cache that cannot be read or written only costs the time to produce.
 */
export function buildCache(folder: string): BuildCache {
  const ready = mkdir(folder, { recursive: true }).catch(() => undefined);
  const used = new Set<string>();
  return {
    async get(input, recipe, produce) {
      const name = createHash('sha256').update(recipe).update('\0').update(input).digest('hex');
      used.add(name);
      await ready;
      try {
        return await readFile(join(folder, name));
      } catch {
        const result = await produce();
        await writeFile(join(folder, name), result).catch(() => undefined);
        return result;
      }
    },
    async prune() {
      const names = await readdir(folder).catch(() => []);
      await Promise.all(names.filter((name) => !used.has(name)).map((name) => rm(join(folder, name), { force: true })));
    },
  };
}
