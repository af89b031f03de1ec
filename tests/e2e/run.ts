import { spawnSync } from 'node:child_process';
import { variantsBuiltAt, writeContentVariants } from '../support/content-variants.ts';
import { playwrightOnACopy } from '../support/project-copy.ts';

/**
 * `npm run test:e2e`: the browser tests, on a copy of the project with content of the tests' own
 * added (tests/support/content-variants.ts), built once at a fixed time and served once on
 * workerd. The tests take what they expect from that content, so no editor's change can turn them
 * red; the live content is checked by the content lane and the audit. Arguments go to Playwright.
 */
process.exitCode = await playwrightOnACopy({
  prepare: async (dir) => {
    await writeContentVariants(dir);
    console.log(`The browser tests on a copy with the tests' own content, in ${dir}.`);
    // Built as the morning build would be on the articles' day: a fixed clock, never the real one.
    const build = spawnSync('npm', ['run', 'build'], { cwd: dir, stdio: 'inherit', env: { ...process.env, SITE_NOW: variantsBuiltAt } });
    if (build.status !== 0) throw new Error('The copy with the tests’ own content did not build: an ordinary content edit would stop publishing.');
  },
  args: ['--project=e2e', ...process.argv.slice(2)],
  environment: (dir) => ({ SITE_PROJECT_ROOT: dir }),
});
