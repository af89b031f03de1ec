import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newService } from '../support/grown-content.ts';
import { copyProject, removeProject, runAstro } from '../support/project-copy.ts';

// The promise to editors: adding a service is adding one file. Prove it in a copy of the project.
let dir: string;
let build: { code: number | null; output: string };

beforeAll(async () => {
  dir = await copyProject();
  await writeFile(join(dir, newService.path), newService.text);
  build = runAstro(dir, 'build');
}, 180_000);

afterAll(() => removeProject(dir));

const readPage = (path: string) => readFile(join(dir, 'dist', 'client', path), 'utf8');

describe('adding one service file', () => {
  it('builds', () => {
    expect(build.code, build.output).toBe(0);
  });

  it('adds its page, with its title and content', async () => {
    const page = await readPage('CloudMigration/index.html');
    expect(page).toMatch(/<h1[^>]*>Cloud migration<\/h1>/);
    expect(page).toContain('Cloud migration without the surprises.');
  });

  it('adds its card to the services page', async () => {
    const page = await readPage('OurServices/index.html');
    expect(page).toMatch(/<h2[^>]*>Cloud migration<\/h2>/);
    expect(page).toContain('href="/CloudMigration/"');
  });

  it('adds its link to the footer of every page', async () => {
    for (const path of ['index.html', 'AboutUs/index.html', '404.html']) {
      expect(await readPage(path), path).toMatch(/<a href="\/CloudMigration\/"[^>]*>Cloud migration<\/a>/);
    }
  });

  it('adds its wildcard rules and its sitemap entry', async () => {
    expect(await readPage('_redirects')).toContain('/CloudMigration/:sub /CloudMigration/ 301');
    expect(await readPage('sitemap-0.xml')).toContain('/CloudMigration/</loc>');
  });
});
