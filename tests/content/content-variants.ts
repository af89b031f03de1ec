import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { writeContentVariants } from '../support/content-variants.ts';
import { copyProject, removeProject } from '../support/project-copy.ts';

/**
 * `npm run test:variants`: proof that no ordinary content edit can turn CI red. Writes every
 * variant into one copy of the project (tests/support/content-variants.ts: a service, a team
 * member, a client and projects more, a value fewer, everyday punctuation), builds it once, and
 * runs the page tests against it, with tests/variants/ for what only that content says. The page
 * tests take every count, name and address from the copy's content, so they must pass on it
 * unchanged.
 */
const pageTests = ['every-page', 'pages', 'case-studies', 'built-site', 'layout'].map((name) => `tests/e2e/${name}.spec.ts`);
const dir = await copyProject();
try {
  await writeContentVariants(dir);
  console.log(`A copy with every content variant in ${dir}: running ${pageTests.length} page test files and tests/variants against it.`);
  const run = spawnSync('npx', ['playwright', 'test', '--project=e2e', '--project=variants', ...pageTests, 'tests/variants/'], {
    cwd: resolve(import.meta.dirname, '../..'),
    stdio: 'inherit',
    env: { ...process.env, SITE_PROJECT_ROOT: dir, TEST_PORT: process.env.VARIANTS_TEST_PORT ?? '4331' },
  });
  process.exitCode = run.status ?? 1;
} finally {
  await removeProject(dir);
}
