import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { copyProject, editFile, environmentForABuild, removeProject } from '../support/project-copy';

// Each test breaks one content file the way an editor might, in a copy of the project of its own,
// and checks that the build (or the content lane) stops with a message naming the file, the field
// and the fix in plain words. The files broken are whichever the content has first, so that no
// editor's change of one of them can turn these tests red.

const projectRoot = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** The file of a collection's first entry, such as `src/content/services/Cyber.md`, leaving out any `but`. */
function firstOf(folder: string, but?: string): string {
  return `src/content/${folder}/${readdirSync(join(projectRoot, 'src/content', folder)).filter((name) => /\.mdx?$/.test(name) && !name.startsWith(`${but}.`)).sort()[0]!}`;
}

/** What a command prints and whether it succeeded, without holding up the other tests while it runs. */
async function output(command: string[], cwd: string, environment: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, command, { cwd, env: { ...environmentForABuild(), ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', ...environment }, maxBuffer: 32 * 1024 * 1024 });
    return { ok: true, output: `${stdout}\n${stderr}` };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { ok: false, output: `${stdout}\n${stderr}` };
  }
}

/** In a copy of the project broken by `breakIt`, runs the build (`astro sync` or `astro build`, with `environment` added) or the content lane, and checks what it says. */
async function inBrokenCopy(
  breakIt: (dir: string) => Promise<void>,
  step: 'sync' | 'build' | 'content lane',
  check: (result: { ok: boolean; output: string }, dir: string) => Promise<void> | void,
  environment: Record<string, string> = {},
) {
  const dir = await copyProject();
  try {
    await breakIt(dir);
    const command = step === 'content lane' ? [join(import.meta.dirname, 'verify-content.ts'), '--root', dir, '--skip-axe'] : [join(projectRoot, 'node_modules/astro/bin/astro.mjs'), step];
    await check(await output(command, dir, environment), dir);
  } finally {
    await removeProject(dir);
  }
}

describe.concurrent('a content mistake stops the build with a message an editor can act on', { timeout: 180_000 }, () => {
  it('a missing field, a wrong type and an unknown field', async () => {
    const service = firstOf('services');
    await inBrokenCopy(
      (dir) => editFile(dir, service, (text) => text.replace(/^summary:.*\n(?: {2}.*\n)*/m, '').replace(/^order: \d+$/m, 'order: first').replace(/^icon:/m, 'colour: blue\nicon:')),
      'sync',
      ({ ok, output }) => {
        expect(ok).toBe(false);
        expect(output).toContain(service);
        expect(output).toMatch(/summary\**: is missing: add it \(text expected\)\. Expected: One or two sentences for the card/);
        expect(output).toMatch(/order\**: should be a number, but it is the text "first"/);
        expect(output).toMatch(/has a field it does not know: colour\. Check the spelling, or remove it\./);
      },
    );
  });

  it('an icon name that does not exist', async () => {
    const product = firstOf('products');
    await inBrokenCopy(
      (dir) => editFile(dir, product, (text) => text.replace(/^icon: .*$/m, 'icon: graduation-hat')),
      'sync',
      ({ ok, output }) => {
        expect(ok).toBe(false);
        expect(output).toContain(product);
        expect(output).toMatch(/icon\**: is not an icon name: pick one from https:\/\/lucide\.dev\/icons/);
      },
    );
  });

  it('a picture without its alt text', async () => {
    const client = firstOf('clients');
    await inBrokenCopy(
      (dir) => editFile(dir, client, (text) => text.replace(/^ {2}alt: .*\n/m, '')),
      'sync',
      ({ ok, output }) => {
        expect(ok).toBe(false);
        expect(output).toContain(client);
        expect(output).toMatch(/logo\.alt\**: is missing: add it \(text expected\)\. Expected: What the picture shows/);
      },
    );
  });

  it('a picture that does not exist', async () => {
    const project = firstOf('projects');
    let path = '';
    await inBrokenCopy(
      (dir) => editFile(dir, project, (text) => text.replace(/^( {2}src: )(.*)$/m, (_, key: string, src: string) => `${key}${(path = src.replace(/\.(\w+)$/, '-missing.$1'))}`)),
      'sync',
      ({ ok, output }) => {
        expect(ok).toBe(false);
        expect(output).toContain(`${project}: "image.src" points to "${path}", but there is no such file. Check the spelling of the path, or add the picture as src/`);
      },
    );
  });

  it('a reference to an entry that does not exist, and a team member removed who wrote articles (each article named); no site is left behind', async () => {
    const client = firstOf('clients');
    const authors = readdirSync(join(projectRoot, 'src/content/insights')).map((name) => [`src/content/insights/${name}`, /^author: (.+)$/m.exec(readFileSync(join(projectRoot, 'src/content/insights', name), 'utf8'))?.[1]] as const);
    const author = authors[0]?.[1];
    await inBrokenCopy(
      async (dir) => {
        await editFile(dir, client, (text) => text.replace(/^project: .*$/m, 'project: no-such-project'));
        if (author) await rm(join(dir, `src/content/team/${author}.md`));
      },
      'build',
      async ({ ok, output }, dir) => {
        expect(ok).toBe(false);
        expect(output).toContain(`${client}: "project" refers to "no-such-project", but there is no such file in src/content/projects. Use one of: `);
        for (const [file] of authors.filter(([, other]) => other === author)) expect(output).toContain(`${file}: "author" refers to "${author}", but there is no such file in src/content/team.`);
        await expect(readFile(join(dir, 'dist/sitemap-index.xml'))).rejects.toThrow();
      },
    );
  });

  it('an .mdx text that cannot be read, naming the file, the line, the character and the fix', async () => {
    const service = firstOf('services');
    const sentence = 'Most budgets are < $20k, and we quote {fixed prices} & R&D at 5 * 3 > 10 days.';
    const mdx = service.replace(/\.md$/, '.mdx');
    let line = 0;
    await inBrokenCopy(
      async (dir) => {
        await editFile(dir, service, (text) => `${text}\n${sentence}\n`);
        line = (await readFile(join(dir, service), 'utf8')).split('\n').indexOf(sentence) + 1;
        await rename(join(dir, service), join(dir, mdx));
      },
      'build',
      ({ ok, output }) => {
        expect(ok).toBe(false);
        expect(output).toContain(`${mdx} cannot be read: it stops at the "{" in line ${line}`);
        expect(output).toContain('put a backslash before each one: \\{ and \\}');
        expect(output).toContain(`rename it to ${service}`);
      },
    );
  });
});

describe.concurrent('an article’s mistakes name the article', { timeout: 180_000 }, () => {
  it('a picture in its text that does not exist, by its line', async ({ skip }) => {
    const folder = join(projectRoot, 'src/content/insights');
    const article = readdirSync(folder).map((name) => `src/content/insights/${name}`).find((file) => /!\[[^\]]*\]\(\.\.\//.test(readFileSync(join(projectRoot, file), 'utf8')));
    skip(!article, 'no article shows a picture in its text');
    let line = 0;
    await inBrokenCopy(
      (dir) => editFile(dir, article!, (text) => text.replace(/(!\[[^\]]*\]\([^)]*?)\.(\w+)\)/, '$1-missing.$2)')),
      'sync',
      async ({ ok, output }, dir) => {
        line = (await readFile(join(dir, article!), 'utf8')).split('\n').findIndex((text) => text.includes('-missing.')) + 1;
        expect(ok).toBe(false);
        expect(output).toMatch(new RegExp(`${article}: the picture in line ${line} of the text, ".*-missing\\.\\w+", does not exist\\. Insert it again in the browser editor`));
      },
    );
  });
});

describe('publishing', { timeout: 180_000 }, () => {
  it('the deploy job’s build stops while a sample company detail is left, naming it', async () => {
    type Workflow = { jobs: { deploy: { steps: { run?: string; env?: Record<string, string> }[] } } };
    const workflow = yaml.load(await readFile(join(projectRoot, '.github/workflows/ci.yml'), 'utf8')) as Workflow;
    const deployBuild = workflow.jobs.deploy.steps.find((step) => step.run?.includes('npm run build'))!;
    await inBrokenCopy(
      (dir) => editFile(dir, 'src/content/site/settings.json', (text) => text.replace(/"email": "[^"]*"/, '"email": "support@example.com"')),
      'build',
      ({ ok, output }) => {
        expect(ok).toBe(false);
        expect(output).toMatch(/Not published: The site still carries \d+ sample details? that visitors would see/);
        expect(output).toContain('E-mail "support@example.com" is a sample address: messages to it reach nobody.');
      },
      deployBuild.env,
    );
  });
});

describe.concurrent('the content lane stops a broken edit with a message naming the file', { timeout: 240_000 }, () => {
  it('a picture deleted while an entry still shows it', async () => {
    const project = firstOf('projects');
    await inBrokenCopy(
      async (dir) => {
        const src = /^ {2}src: (.*)$/m.exec(await readFile(join(dir, project), 'utf8'))![1]!;
        await rm(join(dir, 'src/content/projects', src));
      },
      'content lane',
      ({ ok, output }) => {
        expect(ok).toBe(false);
        expect(output).toContain('Content check failed');
        expect(output).toMatch(new RegExp(`${project}: "image\\.src" points to ".*", but there is no such file\\.`));
      },
    );
  });

  it('a link to a page that was removed', async () => {
    // Any product but the point of sale, which the home page shows.
    const [service, product] = [firstOf('services'), firstOf('products', 'IPOS')];
    const removed = `/${/(\w+)\.mdx?$/.exec(product)![1]}/`;
    await inBrokenCopy(
      async (dir) => {
        await editFile(dir, service, (text) => `${text}\nSee also [our other product](${removed}).\n`);
        await rm(join(dir, product));
      },
      'content lane',
      ({ ok, output }) => {
        expect(ok, output).toBe(false);
        expect(output).toContain(`/${/(\w+)\.mdx?$/.exec(service)![1]}/ (from ${service}) links to ${removed} (404): that address is not a page or picture of the site.`);
      },
    );
  });
});
