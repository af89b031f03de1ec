import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { growContent } from '../support/grown-content.ts';
import { copyProject, removeProject } from '../support/project-copy.ts';

/**
 * `npm run test:grown`: proof that no ordinary content edit can turn CI red. Builds a copy of the
 * project with one more team member, client, project and service and one value fewer, and runs the
 * page tests against it. They take every count, name and address from the copy's content
 * (tests/support/site-content.ts), so they must pass on it unchanged.
 */
const pageTests = ['pages', 'home', 'layout', 'seo', 'built-site', 'case-studies'].map((name) => `tests/e2e/${name}.spec.ts`);
const dir = await copyProject();
try {
  await growContent(dir);
  console.log(`A copy with grown content in ${dir}: running ${pageTests.length} page test files against it.`);
  const run = spawnSync('npx', ['playwright', 'test', ...pageTests], {
    cwd: resolve(import.meta.dirname, '../..'),
    stdio: 'inherit',
    env: { ...process.env, SITE_PROJECT_ROOT: dir, TEST_PORT: process.env.GROWN_TEST_PORT ?? '4331' },
  });
  process.exitCode = run.status ?? 1;
} finally {
  await removeProject(dir);
}
