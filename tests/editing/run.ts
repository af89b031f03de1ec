import { playwrightOnACopy } from '../support/project-copy.ts';

/** `npm run test:editing`: the browser editor, driven in Chromium as an editor uses it, on a throw-away copy of the
 * project running `npm run edit` (local mode). The tests read back the copy's files; this project's own are never touched. */
process.exitCode = await playwrightOnACopy({
  ownModules: true,
  args: ['--config', 'tests/editing/playwright.config.ts', ...process.argv.slice(2)],
  // E2E_WORKER_STATE: the page tests' state folder, which the shared config would otherwise make in this project.
  environment: (dir) => ({ EDIT_PROJECT_ROOT: dir, E2E_WORKER_STATE: dir }),
});
