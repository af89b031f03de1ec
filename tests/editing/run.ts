import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { copyProject, removeProject } from '../support/project-copy.ts';

/**
 * `npm run test:editing`: the browser editor, driven in Chromium the way an editor uses it, on a
 * throw-away copy of the project with `npm run edit` (local mode) running in it. The copy's files
 * are what the tests read back; this project's own content is never touched. The copy goes on
 * every way out: a pass, a failure, Ctrl+C or a SIGTERM. Playwright runs in a process group of its
 * own, which this script asks to stop as Ctrl+C would (npx passes no signal on); it stops the editor
 * and ends, and then the copy is removed.
 */
let stopped: NodeJS.Signals | undefined;
let playwright: ReturnType<typeof spawn> | undefined;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    // Once: a second SIGINT would make Playwright quit at once, leaving the editor running in the copy.
    if (!stopped && playwright?.exitCode === null) process.kill(-playwright.pid!, 'SIGINT');
    stopped = signal;
  });
}

const dir = await copyProject({ ownModules: true }).catch((error: unknown) => {
  if (!stopped) throw error;
  process.exit(130); // Stopped while copying: the part copied is already removed.
});
try {
  if (!stopped) {
    console.log(`Browser-editing tests on a copy in ${dir}.`);
    playwright = spawn('npx', ['playwright', 'test', '--config', 'tests/editing/playwright.config.ts', ...process.argv.slice(2)], {
      cwd: resolve(import.meta.dirname, '../..'),
      stdio: 'inherit',
      detached: true,
      // E2E_WORKER_STATE: the page tests' state folder, which the shared config would otherwise make (and leave) in the system's temporary folder.
      env: { ...process.env, EDIT_PROJECT_ROOT: dir, E2E_WORKER_STATE: dir },
    });
    const [code] = (await once(playwright, 'exit')) as [number | null];
    process.exitCode = code ?? 1;
  }
} finally {
  await removeProject(dir);
}
if (stopped) process.exitCode = 130;
