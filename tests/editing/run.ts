import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { copyProject, removeProject } from '../support/project-copy.ts';

/**
 * `npm run test:editing`: the browser editor, driven in Chromium the way an editor uses it, on a
 * throw-away copy of the project with `npm run edit` (local mode) running in it. The copy's files
 * are what the tests read back; this project's own content is never touched.
 */
const dir = await copyProject({ ownModules: true });
try {
  console.log(`Browser-editing tests on a copy in ${dir}.`);
  const run = spawnSync('npx', ['playwright', 'test', '--config', 'tests/editing/playwright.config.ts', ...process.argv.slice(2)], {
    cwd: resolve(import.meta.dirname, '../..'),
    stdio: 'inherit',
    env: { ...process.env, EDIT_PROJECT_ROOT: dir },
  });
  process.exitCode = run.status ?? 1;
} finally {
  await removeProject(dir);
}
