import { join, resolve } from 'node:path';
import { readSiteConfig, readSiteContent } from '../../src/lib/content/files.ts';
import { sitePages } from '../../src/lib/pages/site-pages.ts';
import type { SiteContent } from '../../src/lib/pages/content.ts';

/**
 * What the site under test was built from: its content files read with the build's own rules and
 * order (src/lib/content/files.ts), and every page's data from the build's own page functions
 * (src/lib/pages/). So every count, name and address a test checks comes from the content: an
 * editor who adds a team member changes the expectation along with the page. SITE_PROJECT_ROOT
 * points at a copy whose build is being tested (tests/content/content-variants.ts); by default it is
 * this project.
 */
export const projectRoot = process.env.SITE_PROJECT_ROOT ?? resolve(import.meta.dirname, '../..');

/** The build the server under test is serving. */
export const clientDir = join(projectRoot, 'dist/client');

/** The content of the project at `root`, read as the build reads it; throws on any content problem. */
export function contentOf(root: string): SiteContent<string> {
  const { content, problems } = readSiteContent(root, { site: readSiteConfig(root) });
  if (problems.length) throw new Error(`The content under test has problems:\n  - ${problems.join('\n  - ')}`);
  return content;
}

export const content = contentOf(projectRoot);
export const { services, products, productVariants, projects, clients, team, values } = content;
/** Every page a search engine should find, with its data, as the build makes it. */
export const sitePagesData = sitePages(content);
