import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCache } from '../../src/lib/publishing/build-cache.ts';

let root: string;
afterEach(() => rm(root, { recursive: true, force: true }));

describe('the build cache (compressed copies, social images)', () => {
  it('produces a result once, then reuses it; a new recipe or input produces again; prune keeps only what the build used', async () => {
    root = await mkdtemp(join(tmpdir(), 'build-cache-'));
    const folder = join(root, 'cache');
    const produced: string[] = [];
    const produce = (what: string) => async () => (produced.push(what), Buffer.from(what));
    const written = async (name: string) => (await readFile(join(root, name))).toString();

    const first = buildCache(folder);
    expect(await first.writeTo(join(root, 'one.br'), 'page one', 'br 10', produce('one'))).toBe(3);
    await first.writeTo(join(root, 'two.br'), 'page two', 'br 10', produce('two'));
    expect([await written('one.br'), await written('two.br')]).toEqual(['one', 'two']);
    await first.prune();

    // The next build: its output folder starts empty.
    await rm(join(root, 'one.br'));
    const second = buildCache(folder);
    expect(await second.writeTo(join(root, 'one.br'), 'page one', 'br 10', produce('again'))).toBe(3);
    await second.writeTo(join(root, 'one-11.br'), 'page one', 'br 11', produce('other recipe'));
    expect([await written('one.br'), await written('one-11.br')]).toEqual(['one', 'other recipe']);
    expect(produced).toEqual(['one', 'two', 'other recipe']);
    await second.prune();
    // "page two" was not asked for in the second build: its copy is gone from the cache (not from the output).
    expect(await readdir(folder)).toHaveLength(2);
    expect(await written('two.br')).toBe('two');
  });

  it('links the output to the kept file, and never writes through a link an earlier build left', async () => {
    root = await mkdtemp(join(tmpdir(), 'build-cache-'));
    const cache = buildCache(join(root, 'cache'));
    const target = join(root, 'page.br');
    await cache.writeTo(target, 'version one', 'br', async () => Buffer.from('copy of version one'));
    const [kept] = await readdir(join(root, 'cache'));
    // One file on disk, two names: the bytes were written once.
    expect((await stat(target)).ino).toBe((await stat(join(root, 'cache', kept!))).ino);
    // The page changed and the output folder was not emptied: the old link is replaced, not written through.
    await cache.writeTo(target, 'version two', 'br', async () => Buffer.from('copy of version two'));
    expect((await readFile(target)).toString()).toBe('copy of version two');
    expect((await readFile(join(root, 'cache', kept!))).toString()).toBe('copy of version one');
  });

  it('still produces and writes when its folder cannot be written', async () => {
    root = await mkdtemp(join(tmpdir(), 'build-cache-'));
    // A folder inside a file can be neither made nor written.
    const cache = buildCache(join('/dev/null', 'cache'));
    await writeFile(join(root, 'stale'), 'old');
    expect(await cache.writeTo(join(root, 'stale'), 'x', 'r', async () => Buffer.from('made'))).toBe(4);
    expect((await readFile(join(root, 'stale'))).toString()).toBe('made');
  });
});
