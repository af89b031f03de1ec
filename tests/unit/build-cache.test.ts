import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCache } from '../../src/lib/publishing/build-cache.ts';

let root: string;
afterEach(() => rm(root, { recursive: true, force: true }));

describe('the build cache (compressed copies, social images)', () => {
  it('produces a result once, then reads it; a new recipe or input produces again; prune keeps only what the build used', async () => {
    root = await mkdtemp(join(tmpdir(), 'build-cache-'));
    const folder = join(root, 'cache');
    const produced: string[] = [];
    const produce = (what: string) => async () => (produced.push(what), Buffer.from(what));

    const first = buildCache(folder);
    expect((await first.get('page one', 'br 10', produce('one'))).toString()).toBe('one');
    expect((await first.get('page two', 'br 10', produce('two'))).toString()).toBe('two');
    await first.prune();

    const second = buildCache(folder);
    expect((await second.get('page one', 'br 10', produce('again'))).toString()).toBe('one');
    expect((await second.get('page one', 'br 11', produce('other recipe'))).toString()).toBe('other recipe');
    expect(produced).toEqual(['one', 'two', 'other recipe']);
    await second.prune();
    // "page two" was not asked for in the second build: its copy is gone.
    expect(await readdir(folder)).toHaveLength(2);
  });

  it('still produces when its folder cannot be written', async () => {
    root = await mkdtemp(join(tmpdir(), 'build-cache-'));
    // A folder inside a file can be neither made nor written.
    const cache = buildCache(join('/dev/null', 'cache'));
    expect((await cache.get('x', 'r', async () => Buffer.from('made'))).toString()).toBe('made');
  });
});
