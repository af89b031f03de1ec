import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectsPerPage } from '../../src/lib/content/routes.ts';
import { matchRedirect, parseRedirects } from '../../src/lib/publishing/redirects.ts';
import { copyProject, removeProject, runAstro } from '../support/project-copy.ts';
import { fixedPageTitle, projects, readCollection } from '../support/site-content.ts';

// The Projects page at a size where it needs numbered pages: a copy with enough extra projects for
// two full pages and one more card, built as CI builds it.
let dir: string;
let build: { code: number | null; output: string };
const extra = 2 * projectsPerPage + 1 - projects.length;
const total = projects.length + extra;
const lastPage = Math.ceil(total / projectsPerPage);

beforeAll(async () => {
  dir = await copyProject();
  for (let index = 0; index < extra; index++) {
    await writeFile(
      join(dir, `src/content/projects/extra-project-${index}.md`),
      `---
title: Extra project ${index}
summary: A project added to a copy of the site so that the Projects page needs more than one page of cards.
image:
  src: ../../assets/projects/harbour-and-vine/image/src.svg
  alt: A tablet showing an order screen
services: [WebApp]
year: 2025
order: ${200 + index}
---

## The challenge

A copy of the site needed more projects than fit on one page.
`,
    );
  }
  build = runAstro(dir, 'build');
}, 240_000);

afterAll(() => removeProject(dir));

const readPage = (path: string) => readFile(join(dir, 'dist/client', path, 'index.html'), 'utf8');
const title = fixedPageTitle('projects');
/** Every copy's projects, in the order the listing shows them. */
const ordered = () => readCollection<{ title: string }>('projects', dir);

describe(`the Projects page with ${total} projects`, () => {
  it('builds', () => {
    expect(build.code, build.output).toBe(0);
  });

  it(`shows ${projectsPerPage} a page, in order, over ${lastPage} pages`, async () => {
    const titles = ordered().map((project) => project.data.title);
    for (let number = 1; number <= lastPage; number++) {
      const html = await readPage(number === 1 ? 'OurProjects' : `OurProjects/${number}`);
      const cards = [...html.matchAll(/<h2 class="card__title"[^>]*>([^<]+)<\/h2>/g)].map(([, heading]) => heading!.replace(/&amp;/g, '&'));
      expect(cards, `page ${number}`).toEqual(titles.slice((number - 1) * projectsPerPage, number * projectsPerPage));
    }
  });

  it('gives each numbered page an honest title, its own description and canonical address, and previous/next links', async () => {
    const descriptions = new Set<string>();
    for (let number = 1; number <= lastPage; number++) {
      const path = number === 1 ? '/OurProjects/' : `/OurProjects/${number}/`;
      const html = await readPage(path);
      const heading = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)![1];
      expect(heading).toBe(number === 1 ? title : `${title}, page ${number} of ${lastPage}`);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path}"`));
      descriptions.add(/<meta name="description" content="([^"]+)"/.exec(html)![1]!);
      expect(html).toContain(`Page ${number} of ${lastPage}`);
      if (number > 1) expect(html).toContain(`href="${number === 2 ? '/OurProjects/' : `/OurProjects/${number - 1}/`}" rel="prev"`);
      if (number < lastPage) expect(html).toContain(`href="/OurProjects/${number + 1}/" rel="next"`);
    }
    expect(descriptions.size).toBe(lastPage);
  });

  it('lists every numbered page in the sitemap, and no rule redirects one', async () => {
    const sitemap = await readFile(join(dir, 'dist/client/sitemap-0.xml'), 'utf8');
    const rules = parseRedirects(await readFile(join(dir, 'dist/client/_redirects'), 'utf8'));
    for (let number = 2; number <= lastPage; number++) {
      expect(sitemap).toContain(`/OurProjects/${number}/</loc>`);
      expect(matchRedirect(rules, `/OurProjects/${number}/`)).toBeNull();
      expect(matchRedirect(rules, `/OurProjects/${number}/old-link`)).toEqual({ location: `/OurProjects/${number}/`, status: 301 });
    }
  });
});

describe('the projects of one service, when they need more than one page', () => {
  // The extra projects all involved web development, so its listing runs over pages too.
  const webProjects = () => readCollection<{ title: string; services?: string[] }>('projects', dir).filter((project) => project.data.services?.includes('WebApp'));
  const pagesOf = () => Math.ceil(webProjects().length / projectsPerPage);
  const pathOf = (number: number) => (number === 1 ? '/OurProjects/service/WebApp/' : `/OurProjects/service/WebApp/${number}/`);

  it(`shows ${projectsPerPage} a page, each page with its number in its title and links to its neighbours`, async () => {
    expect(pagesOf()).toBeGreaterThan(1);
    const titles = webProjects().map((project) => project.data.title);
    let firstTitle = '';
    for (let number = 1; number <= pagesOf(); number++) {
      const html = await readPage(pathOf(number));
      const cards = [...html.matchAll(/<h2 class="card__title"[^>]*>([^<]+)<\/h2>/g)].map(([, heading]) => heading!.replace(/&amp;/g, '&'));
      expect(cards, `page ${number}`).toEqual(titles.slice((number - 1) * projectsPerPage, number * projectsPerPage));
      const heading = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)![1]!;
      if (number === 1) firstTitle = heading;
      else expect(heading).toBe(`${firstTitle}, page ${number} of ${pagesOf()}`);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${pathOf(number)}"`));
      if (number > 1) expect(html).toContain(`href="${pathOf(number - 1)}" rel="prev"`);
      if (number < pagesOf()) expect(html).toContain(`href="${pathOf(number + 1)}" rel="next"`);
    }
  });

  it('lists them in the sitemap, and no rule redirects one', async () => {
    const sitemap = await readFile(join(dir, 'dist/client/sitemap-0.xml'), 'utf8');
    const rules = parseRedirects(await readFile(join(dir, 'dist/client/_redirects'), 'utf8'));
    for (let number = 1; number <= pagesOf(); number++) {
      expect(sitemap).toContain(`${pathOf(number)}</loc>`);
      expect(matchRedirect(rules, pathOf(number))).toSatisfy((match) => match === null || (match.status === 200 && match.location === pathOf(number)));
    }
  });
});
