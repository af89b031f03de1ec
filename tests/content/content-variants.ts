import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { variantsBuiltAt, writeContentVariants } from '../support/content-variants.ts';
import { copyProject, removeProject } from '../support/project-copy.ts';

/**
 * `npm run test:variants`: proof that no ordinary content edit can turn CI red. Writes every
 * variant into one copy of the project (tests/support/content-variants.ts: a service, a team
 * member, clients, projects and articles more, a value fewer, everyday punctuation), builds it once at a fixed time, and
 * runs the page tests against it on workerd, with tests/variants/ for what only that content says.
 * The page tests take every count, name and address from the copy's content, so they must pass on
 * it unchanged.
 */
const pageTests = ['every-page', 'site'].map((name) => `tests/e2e/${name}.spec.ts`);
const dir = await copyProject();
try {
  await writeContentVariants(dir);
  console.log(`A copy with every content variant in ${dir}: building it, then running ${pageTests.join(', ')} and tests/variants against it.`);
  // Built as the morning build would be on the articles' day: a fixed clock, never the real one.
  const build = spawnSync('npx', ['astro', 'build'], { cwd: dir, stdio: 'inherit', env: { ...process.env, SITE_NOW: variantsBuiltAt } });
  if (build.status !== 0) throw new Error('The copy with every content variant did not build: an ordinary content edit would stop publishing.');
  // Every page's words and head in the light scheme: the dark visits check how pages look, which the content does not change.
  const run = spawnSync('npx', ['playwright', 'test', '--project=e2e', '--project=variants', '--grep-invert', 'dark scheme', ...pageTests, 'tests/variants/'], {
    cwd: resolve(import.meta.dirname, '../..'),
    stdio: 'inherit',
    env: { ...process.env, SITE_PROJECT_ROOT: dir, TEST_PORT: process.env.VARIANTS_TEST_PORT ?? '4331' },
  });
  process.exitCode = run.status ?? 1;
} finally {
  await removeProject(dir);
}
