import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/** The project whose build is under test: a copy with the tests' own content (tests/e2e/run.ts), or this one (screenshots). */
const projectRoot = process.env.SITE_PROJECT_ROOT ?? resolve(import.meta.dirname);

/**
 * Browser tests run Debian's Chromium against the built site served by the README's own start
 * command: the Worker and its pages on workerd, over HTTPS as on Cloudflare.
 */
const port = Number(process.env.TEST_PORT ?? 4329);
export const baseURL = `https://127.0.0.1:${port}`;

/**
 * The local D1 of the Worker under test: emptied when a run starts, shared by the runner and its
 * workers (which inherit the variable), inside the project under test (a copy is removed whole).
 */
export const workerState = (process.env.E2E_WORKER_STATE ??= (() => {
  const state = join(projectRoot, '.wrangler/e2e-state');
  rmSync(state, { recursive: true, force: true });
  return state;
})());

/**
 * The browser editor (GitHub mode) is on in the Worker under test, as an operator would set it up.
 * The GitHub App's values are made up: tests stop every request before it leaves this machine.
 */
export const editorSettings = {
  PUBLIC_KEYSTATIC_GITHUB_REPO: 'impact-it-test/website',
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.e2e-test-client',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'e2e-test-client-secret',
  KEYSTATIC_SECRET: 'e2e-test-secret-of-at-least-thirty-two-characters',
};

/** The flags that keep Chromium quiet on a closed network: no background requests to hosts this machine cannot reach. */
export const chromiumFlags = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export default defineConfig({
  // The browser tests (`npm run test:e2e`), and screenshots of every page for a person to look at
  // (`npm run screenshots`, not part of `npm test`).
  projects: [
    { name: 'e2e', testDir: 'tests/e2e' },
    { name: 'screenshots', testDir: 'tests/screenshots' },
  ],
  fullyParallel: true,
  workers: Math.max(2, availableParallelism()),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The HTML report (playwright-report/) keeps the screenshots that `npm run screenshots` takes.
  reporter: [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL,
    ignoreHTTPSErrors: true,
    // Still pages, unless a test is about motion (the scroll reveal, page transitions): animations
    // cost two busy cores more than they show.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    // workerd's local certificate is its own: accepted here as a browser would once told to trust it.
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: [...chromiumFlags, '--ignore-certificate-errors'] },
  },
  webServer: {
    // The copy (SITE_PROJECT_ROOT) or project just built: the tests are made from that build.
    command: `npm start -- --no-build --https --state ${workerState}`,
    cwd: projectRoot,
    url: `${baseURL}/`,
    ignoreHTTPSErrors: true,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      ASTRO_TELEMETRY_DISABLED: '1',
      // The browser tests fill the form in milliseconds and send many messages from one address.
      CONTACT_MIN_FILL_SECONDS: '0',
      CONTACT_RATE_LIMIT: '100000',
      ...editorSettings,
    },
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
