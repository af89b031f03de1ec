import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';

// The two lanes of CI (README, "Two lanes"): which one a change takes, and what each runs.
const root = resolve(import.meta.dirname, '../..');

it.each([
  ['what editors change (words, settings, pictures)', 'content', ['src/content/services/example.md']],
  ['what editors change (words, settings, pictures)', 'content', ['src/content/team/zara-okafor.md', 'src/assets/team/zara-okafor/photo/src.jpg', 'src/content/site/settings.json']],
  ['any other change', 'code', ['src/pages/index.astro']],
  ['a mixed change', 'code', ['src/content/services/example.md', 'src/content.config.ts']],
  ['a mixed change', 'code', ['src/content/services/example.md', 'package.json']],
  ['any other change', 'code', ['src/contents/x.md']],
  ['an unknown change', 'code', []],
])('.ci/lane sends %s through the %s lane: %j', (_, lane, files) => {
  const run = spawnSync('bash', [join(root, '.ci/lane')], { input: files.join('\n'), encoding: 'utf8' });
  expect([run.status, run.stdout.trim()], run.stderr).toEqual([0, lane]);
});

describe('the workflow', () => {
  const workflow = yaml.load(readFileSync(join(root, '.github/workflows/ci.yml'), 'utf8')) as {
    on: { schedule?: { cron: string }[] };
    jobs: Record<string, { needs?: string | string[]; if?: string; steps: { run?: string; uses?: string; with?: Record<string, string> }[] }>;
  };
  const runs = (job: string) => workflow.jobs[job]!.steps.map((step) => step.run ?? '').join('\n');

  it('runs the content check in the content lane, and the full gate (.ci/run) in the code lane', () => {
    expect(workflow.jobs.content!.if).toContain("'content'");
    expect(runs('content')).toContain('npm run verify:content');
    expect(runs('content')).not.toContain('.ci/run');
    expect(workflow.jobs.test!.if).toContain("'code'");
    expect(runs('test')).toContain('bash .ci/run');
  });

  it('builds every morning in Sydney, through the content lane, and publishes what has come due', () => {
    // 19:00 UTC every day: 5 am in Sydney in winter (UTC+10), 6 am in summer (UTC+11), before the day's first reader.
    expect(workflow.on.schedule).toEqual([{ cron: '0 19 * * *' }]);
    const choose = workflow.jobs.lane!.steps.find((step) => step.run?.includes('.ci/lane'))!.run!;
    const lane = spawnSync('bash', ['-c', `${choose}\necho "$lane"`], { cwd: root, encoding: 'utf8', env: { ...process.env, GITHUB_EVENT_NAME: 'schedule', GITHUB_OUTPUT: '/dev/null', BEFORE: '', AFTER: '' } });
    expect(lane.stdout.trim().split('\n').at(-1)).toBe('content');
    expect(workflow.jobs.deploy!.if).toContain("github.event_name == 'schedule'");
  });

  it('publishes after either lane passes, on a push to main or the morning build only', () => {
    expect(workflow.jobs.deploy!.needs).toEqual(expect.arrayContaining(['content', 'test']));
    for (const condition of ["needs.content.result == 'success' || needs.test.result == 'success'", "!contains(needs.*.result, 'failure')", "github.ref == 'refs/heads/main'"]) {
      expect(workflow.jobs.deploy!.if).toContain(condition);
    }
  });

  it('publishes the Worker with its pages, after the store’s migrations, with the wrangler the tests ran', () => {
    const steps = runs('deploy');
    expect(steps).toContain('npm run build');
    expect(steps.indexOf('npx wrangler d1 migrations apply DB --remote')).toBeGreaterThan(steps.indexOf('npm run build'));
    expect(steps.indexOf('npx wrangler deploy')).toBeGreaterThan(steps.indexOf('migrations apply'));
    expect(steps).not.toContain('pages deploy');
  });
});
