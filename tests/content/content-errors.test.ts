import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import mdx from '@astrojs/mdx';
import { sync } from 'astro';
import yaml from 'js-yaml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSiteContent } from '../../src/lib/pages/build-content.ts';

// A content mistake stops the build with a message naming the file, the field and what to do. Each
// test writes the mistake into content of its own and runs it through the build's own code, in this
// process: Astro's `sync()` on a project holding that one file, read with the site's collections
// (src/content.config.ts: its loader and rules), for what is checked as each file is read; and the
// build's content check (getSiteContent) on entries as Astro hands them over, for what is checked
// across files. The content lane's link check of the built site runs in CI on every content change.

const projectRoot = resolve(import.meta.dirname, '../..');

/** What `astro sync` stops with on a project holding only `file`: its message, and the file it points at. */
async function syncStopsAt(file: string, text: string): Promise<{ message: string; location?: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'content-errors-'));
  try {
    await mkdir(join(dir, dirname(file)), { recursive: true });
    await writeFile(join(dir, file), text);
    await writeFile(join(dir, 'src/content.config.ts'), `export { collections } from ${JSON.stringify(join(projectRoot, 'src/content.config.ts'))};\n`);
    // Astro is found through node_modules; its caches stay in the throw-away folder.
    await symlink(join(projectRoot, 'node_modules'), join(dir, 'node_modules'));
    const error = await sync({ root: dir, logLevel: 'silent', cacheDir: join(dir, '.cache'), vite: { cacheDir: join(dir, '.vite') }, integrations: [mdx()] }).then(
      () => expect.fail(`astro sync accepted ${file}`),
      (failure: Error & { loc?: { file?: string } }) => failure,
    );
    // Astro saves what it read half a second after it stops: the folder is removed once it has.
    await vi.waitFor(() => expect(existsSync(join(dir, '.cache/data-store.json'))).toBe(true), { timeout: 5_000, interval: 50 }).catch(() => undefined);
    return { message: error.message, location: error.loc?.file && relative(dir, error.loc.file) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a mistake in one file stops `astro sync`, naming the file', { timeout: 30_000 }, () => {
  it('a missing field, a wrong type, an unknown field and an icon name that does not exist', async () => {
    const { message, location } = await syncStopsAt('src/content/services/Typewriters.md', '---\ntitle: Typewriter repairs\norder: first\ncolour: blue\nicon: graduation-hat\n---\n');
    expect(location).toBe('src/content/services/Typewriters.md');
    expect(message).toContain('services → Typewriters');
    expect(message).toContain('**summary**: is missing: add it (text expected). Expected: One or two sentences for the card');
    expect(message).toContain('**order**: should be a number, but it is the text "first".');
    expect(message).toContain('has a field it does not know: colour. Check the spelling, or remove it.');
    expect(message).toContain('**icon**: is not an icon name: pick one from https://lucide.dev/icons');
  });

  it('a picture without its alt text', async () => {
    const { message, location } = await syncStopsAt('src/content/clients/lyrebird-bakery.md', '---\nname: Lyrebird Bakery\nlogo:\n  src: ../../assets/clients/lyrebird.svg\n---\n');
    expect(location).toBe('src/content/clients/lyrebird-bakery.md');
    expect(message).toContain('**logo.alt**: is missing: add it (text expected). Expected: What the picture shows');
  });

  it('a picture that does not exist', async () => {
    const { message } = await syncStopsAt('src/content/projects/lyrebird-orders.md', '---\ntitle: Online orders\nimage:\n  src: ../../assets/projects/orders.png\n  alt: The order screen\n---\n');
    expect(message).toBe('src/content/projects/lyrebird-orders.md: "image.src" points to "../../assets/projects/orders.png", but there is no such file. Check the spelling of the path, or add the picture as src/assets/projects/orders.png.');
  });

  it('an .mdx text that cannot be read, by its line, its character and the fix', async () => {
    const { message } = await syncStopsAt('src/content/services/Typewriters.mdx', '---\ntitle: Typewriter repairs\n---\n\nMost budgets are < $20k, and we quote {fixed prices} & R&D at 5 * 3 > 10 days.\n');
    expect(message).toContain('src/content/services/Typewriters.mdx cannot be read: it stops at the "{" in line 5');
    expect(message).toContain('put a backslash before each one: \\{ and \\}');
    expect(message).toContain('rename it to src/content/services/Typewriters.md');
  });

  it('a picture in an article’s text that does not exist, by its line', async () => {
    const { message } = await syncStopsAt('src/content/insights/till-checklist.mdx', '---\ntitle: A checklist for the till\n---\n\nBefore opening:\n\n![The till](../../assets/insights/till.png)\n');
    expect(message).toBe('src/content/insights/till-checklist.mdx: the picture in line 7 of the text, "../../assets/insights/till.png", does not exist. Insert it again in the browser editor, or add the file as src/assets/insights/till.png.');
  });
});

// The build's content check, with Astro's collections replaced by entries of the test's own, and
// company details of its own, one of them a sample.
const collections = vi.hoisted(() => new Map<string, unknown[]>());
vi.mock('astro:content', () => ({ getCollection: async (name: string) => collections.get(name) ?? [] }));
vi.mock('../../src/site.config.ts', async () => {
  const { validSite } = await import('../support/fixtures.ts');
  return { site: { ...validSite, email: 'support@example.com' } };
});

describe('a mistake across files stops the build', () => {
  afterEach(() => {
    collections.clear();
    vi.unstubAllEnvs();
  });

  it('a reference to an entry that does not exist, and a team member removed who wrote articles (each article named)', async () => {
    const article = (id: string) => ({ id, filePath: `src/content/insights/${id}.mdx`, data: { publishDate: new Date('2026-11-02'), author: { id: 'mia-tran', collection: 'team' } } });
    collections.set('clients', [{ id: 'lyrebird-bakery', filePath: 'src/content/clients/lyrebird-bakery.md', data: { project: { id: 'no-such-project', collection: 'projects' } } }]);
    collections.set('projects', [{ id: 'lyrebird-orders', data: {} }]);
    collections.set('team', [{ id: 'sam-lowe', data: {} }]);
    collections.set('insights', [article('till-checklist'), article('card-fees')]);
    const problem = await getSiteContent().then(() => expect.fail('the build accepted it'), (error: Error) => error.message);
    expect(problem).toContain('The content has 3 problems:');
    expect(problem).toContain('src/content/clients/lyrebird-bakery.md: "project" refers to "no-such-project", but there is no such file in src/content/projects. Use one of: lyrebird-orders.');
    for (const id of ['till-checklist', 'card-fees']) expect(problem).toContain(`src/content/insights/${id}.mdx: "author" refers to "mia-tran", but there is no such file in src/content/team. Use one of: sam-lowe.`);
  });

  it('the deploy job’s build stops while a sample company detail is left, naming it', async () => {
    type Workflow = { jobs: { deploy: { steps: { run?: string; env?: Record<string, string> }[] } } };
    const workflow = yaml.load(await readFile(join(projectRoot, '.github/workflows/ci.yml'), 'utf8')) as Workflow;
    for (const [name, value] of Object.entries(workflow.jobs.deploy.steps.find((step) => step.run?.includes('npm run build'))?.env ?? {})) vi.stubEnv(name, value);
    const problem = await getSiteContent().then(() => expect.fail('the build accepted it'), (error: Error) => error.message);
    expect(problem).toMatch(/^Not published: The site still carries \d+ sample details? that visitors would see/);
    expect(problem).toContain('E-mail "support@example.com" is a sample address: messages to it reach nobody.');
  });
});
