import { createHash, randomUUID } from 'node:crypto';
import { access, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Produces a build result (a compressed copy, a drawn picture) from scratch. */
export type Produce = () => Promise<Buffer>;

export interface BuildCache {
  /**
   * Puts the result for `input` made by `recipe` at `target` (produced, or kept from an earlier
   * build) and returns its size in bytes. `target` is a hard link to the kept file: its bytes are
   * written to disk once, not once more for every build.
   */
  writeTo(target: string, input: string | Buffer, recipe: string, produce: Produce): Promise<number>;
  /** Removes what this build did not ask for, so the folder holds one build's worth, not every build's. */
  prune(): Promise<void>;
}

/**
 * What the build makes from its own output and could make again, kept in a folder of Astro's cache
 * by the hash of what it was made from: a rebuild of an unchanged page links the kept file instead of
 * encoding it again. Astro's own image cache works the same way; it does not cover these.
 * `recipe` names how the result is made (format and settings), so a change of settings misses.
 * A cache that cannot be read or written only costs the time to produce.
 */
export function buildCache(folder: string): BuildCache {
  const ready = mkdir(folder, { recursive: true }).then(
    () => true,
    () => false,
  );
  const used = new Set<string>();

  /** The kept file for `input` by `recipe`, produced first when missing; `result` when just produced. */
  async function keep(input: string | Buffer, recipe: string, produce: Produce): Promise<{ file?: string; result?: Buffer }> {
    const name = createHash('sha256').update(recipe).update('\0').update(input).digest('hex');
    used.add(name);
    const file = join(folder, name);
    if (!(await ready)) return { result: await produce() };
    try {
      await access(file);
      return { file };
    } catch {
      const result = await produce();
      // Written under a name of its own, then renamed: a page that links the file never sees it half-written.
      const unfinished = `${file}.${randomUUID()}`;
      try {
        await writeFile(unfinished, result);
        await rename(unfinished, file);
        return { file, result };
      } catch {
        await rm(unfinished, { force: true });
        return { result };
      }
    }
  }

  return {
    async writeTo(target, input, recipe, produce) {
      const { file, result } = await keep(input, recipe, produce);
      // Never write through a link an earlier build left there: that would change the kept file.
      await rm(target, { force: true });
      if (file) {
        try {
          await link(file, target);
          return result?.length ?? (await stat(file)).size;
        } catch {
          // Another file system, or one without hard links: a copy of the bytes instead.
        }
      }
      const bytes = result ?? (await readFile(file!));
      await writeFile(target, bytes);
      return bytes.length;
    },
    async prune() {
      const names = await readdir(folder).catch(() => []);
      await Promise.all(names.filter((name) => !used.has(name)).map((name) => rm(join(folder, name), { force: true })));
    },
  };
}
