import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const projectRoot = resolve(import.meta.dirname, '../..');

/**
 * A throw-away copy of the site (sources only), for tests that change content. Its node_modules links
 * to each of this project's packages, so that the copy's build keeps its own cache; with `ownModules`,
 * hard links to every file instead, as the dev server serves no file whose real path is outside the copy.
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
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

/**
 * Runs Playwright (`args`) on a throw-away copy made ready by `prepare`, `environment` naming it to
 * the tests; returns its exit code. The copy goes on every way out. Playwright runs in a process group
 * of its own, asked to stop as Ctrl+C would (npx passes no signal on), so that it stops its servers first.
 */
export async function playwrightOnACopy({ ownModules = false, prepare, args, environment }: { ownModules?: boolean; prepare?: (dir: string) => Promise<void>; args: string[]; environment: (dir: string) => Record<string, string> }): Promise<number> {
  let stopped = false;
  let playwright: ReturnType<typeof spawn> | undefined;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      // Once: a second SIGINT would make Playwright quit at once, leaving its servers running in the copy.
      if (!stopped && playwright?.exitCode === null) process.kill(-playwright.pid!, 'SIGINT');
      stopped = true;
    });
  }
  const dir = await copyProject({ ownModules });
  try {
    await prepare?.(dir);
    if (stopped) return 130;
    playwright = spawn('npx', ['playwright', 'test', ...args], { cwd: projectRoot, stdio: 'inherit', detached: true, env: { ...process.env, ...environment(dir) } });
    const [code] = (await once(playwright, 'exit')) as [number | null];
    return stopped ? 130 : (code ?? 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
