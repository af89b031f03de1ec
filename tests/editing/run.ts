import { playwrightOnACopy } from '../support/project-copy.ts';

/**
 * `npm run test:editing`: the browser editor, driven in Chromium the way an editor uses it, on a
 * throw-away copy of the project with `npm run edit` (local mode) running in it. The copy's files
 * are what the tests read back; this project's own content is never touched.
 */
process.exitCode = await playwrightOnACopy({
  ownModules: true,
  args: ['--config', 'tests/editing/playwright.config.ts', ...process.argv.slice(2)],
  // E2E_WORKER_STATE: the page tests' state folder, which the shared config would otherwise make in this project.
  environment: (dir) => ({ EDIT_PROJECT_ROOT: dir, E2E_WORKER_STATE: dir }),
});
