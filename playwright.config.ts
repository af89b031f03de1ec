import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { projectRoot } from './tests/support/site-content.ts';

/** Browser tests run Debian's Chromium against the built site, served by the README's own start command. */
const port = Number(process.env.TEST_PORT ?? 4329);
export const baseURL = `http://127.0.0.1:${port}`;
/** The contact store of the server under test; tests look messages up by their unique subject. */
export const e2eContactDatabase = join(projectRoot, 'data/e2e/contact.sqlite');

/**
 * A second server of the same build with the browser editor on (GitHub mode), as an operator would
 * run it. The GitHub App's values are made up: tests stop every request before it leaves this machine.
 */
export const editorBaseURL = `http://127.0.0.1:${port + 1}`;
export const editorSettings = {
  PUBLIC_KEYSTATIC_GITHUB_REPO: 'impact-it-test/website',
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.e2e-test-client',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'e2e-test-client-secret',
  KEYSTATIC_SECRET: 'e2e-test-secret-of-at-least-thirty-two-characters',
};

/**
 * The Cloudflare build on workerd (npm run preview:cloudflare), over HTTPS as on Cloudflare, beside
 * the Node server; its local D1 lives in `cloudflareState`. A content variant's copy checks the
 * content, not the runtimes, and goes without it.
 */
export const cloudflareBaseURL = `https://127.0.0.1:${port + 2}`;
export const cloudflareState = join(projectRoot, 'data/e2e/cloudflare');
export const withCloudflare = !process.env.SITE_PROJECT_ROOT;

export default defineConfig({
  // The browser tests (`npm run test:e2e`), and screenshots of every page for a person to look at
  // (`npm run screenshots`, not part of `npm test`).
  projects: [
    { name: 'e2e', testDir: 'tests/e2e' },
    { name: 'screenshots', testDir: 'tests/screenshots' },
    // What only the copy with every content variant says (npm run test:variants runs it there).
    { name: 'variants', testDir: 'tests/variants' },
  ],
  fullyParallel: true,
  // Both cores, here as in CI: the browser tests are most of `npm test`'s time.
  workers: Math.max(2, availableParallelism()),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The HTML report (playwright-report/) keeps the screenshots that `npm run screenshots` takes.
  reporter: [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      // Quiet flags for a closed network: no background requests to hosts this machine cannot reach.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // The site under test: this project, or a copy of it (SITE_PROJECT_ROOT, see tests/content/content-variants.ts).
      command: 'npm start',
      cwd: projectRoot,
      url: `${baseURL}/`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        ASTRO_TELEMETRY_DISABLED: '1',
        CONTACT_DB: e2eContactDatabase,
        // The browser tests fill the form in milliseconds and send many messages from one address.
        CONTACT_MIN_FILL_SECONDS: '0',
        CONTACT_RATE_LIMIT: '100000',
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
    },
    {
      // Started after the first server is ready, so it serves the build that server made.
      command: 'npm run serve',
      cwd: projectRoot,
      url: `${editorBaseURL}/`,
      // The tests stand in for the HTTPS proxy in front of it, so their X-Forwarded-* headers count.
      env: { PORT: String(port + 1), HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1', CONTACT_DB: join(projectRoot, 'data/e2e/editor-server-contact.sqlite'), ...editorSettings },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
    },
    ...(withCloudflare
      ? [
          {
            // Started after the Node build, so the two builds never run at once.
            command: 'npm run preview:cloudflare -- --https',
            cwd: projectRoot,
            url: `${cloudflareBaseURL}/`,
            ignoreHTTPSErrors: true,
            env: {
              PORT: String(port + 2),
              HOST: '127.0.0.1',
              CLOUDFLARE_STATE: cloudflareState,
              CONTACT_MIN_FILL_SECONDS: '0',
              CONTACT_RATE_LIMIT: '100000',
              // The Worker serves the browser editor too, with the same settings as the Node one.
              ...editorSettings,
            },
            reuseExistingServer: false,
            timeout: 180_000,
            stdout: 'pipe' as const,
          },
        ]
      : []),
  ],
});
