import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const projectRoot = resolve(import.meta.dirname, '../..');

/**
 * A throw-away copy of the site (sources only), for tests that change content. Its node_modules
 * holds a link to each of this project's packages, so that the copy's build keeps its own cache
 * (node_modules/.astro); with `ownModules`, hard links to every file instead (a plain copy where
 * hard links cannot be made), since the dev server refuses to serve files whose real path lies
 * outside the copy. Hard links cost no disk space.
 */
export async function copyProject({ ownModules = false } = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'impact-site-'));
  try {
    // .gitignore too: Keystatic reads the whole project when it saves, skipping what git ignores; in a
    // copy without one it read Astro's .astro/ folder while Astro rewrote it, and a save failed.
    for (const item of ['src', 'server', 'migrations', 'public', 'scripts', 'astro.config.mjs', 'keystatic.config.tsx', 'wrangler.jsonc', 'package.json', 'tsconfig.json', '.gitignore']) {
      await cp(join(projectRoot, item), join(dir, item), { recursive: true });
    }
    const modules = join(projectRoot, 'node_modules');
    if (ownModules) {
      const linked = spawnSync('cp', ['-al', modules, join(dir, 'node_modules')]);
      if (linked.signal) throw new Error(`Copying node_modules was stopped (${linked.signal}).`);
      if (linked.status !== 0) await cp(modules, join(dir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
    } else {
      await mkdir(join(dir, 'node_modules'));
      for (const name of await readdir(modules)) if (name !== '.astro') await symlink(join(modules, name), join(dir, 'node_modules', name));
    }
  } catch (error) {
    await removeProject(dir);
    throw error;
  }
  return dir;
}

export function removeProject(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}
