import { defineConfig } from '@playwright/test';
import baseConfig from '../../playwright.config.ts';

/** The copy of the project that tests/editing/run.ts made, with the editor running in it. */
export const editProjectRoot = process.env.EDIT_PROJECT_ROOT ?? '';
if (!editProjectRoot) throw new Error('Run the browser-editing tests with npm run test:editing: they need a copy of the project.');

const port = Number(process.env.EDIT_TEST_PORT ?? 4341);
export const editorURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  ...baseConfig,
  // The round trip first, on the copy as this project has it (the edits then save some of its
  // entries): one editor, one copy, so the tests save files in turn.
  projects: [
    { name: 'round trip', testMatch: 'round-trip.spec.ts' },
    { name: 'edits', testMatch: 'edits.spec.ts' },
  ],
  testDir: '.',
  fullyParallel: false,
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: { ...baseConfig.use, baseURL: editorURL, screenshot: 'only-on-failure' },
  webServer: {
    // The README's own command, with the port flag it documents.
    command: `npm run edit -- --port ${port}`,
    cwd: editProjectRoot,
    url: `${editorURL}/keystatic`,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
