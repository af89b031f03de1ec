import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'devalue';

/**
 * The built site under test (this project, or the copy SITE_PROJECT_ROOT names: tests/e2e/run.ts)
 * and what it was built from: the pages from its sitemap, the content from the store Astro's content
 * layer wrote, each entry as the build read it. So every count, name and address a test checks
 * comes from the content, and an editor who adds a team member changes the expectation with the page.
 */
export const projectRoot = process.env.SITE_PROJECT_ROOT ?? resolve(import.meta.dirname, '../..');
export const distDir = join(projectRoot, 'dist');

/** Every page search engines are told about (the built sitemap), as paths. */
export const paths = [...readFileSync(join(distDir, 'sitemap-0.xml'), 'utf8').matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map(([, path]) => path!);

export type Entry<Data = Record<string, unknown>> = { id: string; data: Data; body?: string; filePath: string };

const store = parse(readFileSync(join(projectRoot, 'node_modules/.astro/data-store.json'), 'utf8')) as Map<string, Map<string, Entry>>;

/** A collection's entries, in the editors' order (then by file name), as the site lists them. */
export function entries<Data = Record<string, unknown>>(collection: string): Entry<Data>[] {
  return ([...(store.get(collection)?.values() ?? [])] as Entry<Data & { order?: number }>[]).sort((a, b) => (a.data.order ?? 100) - (b.data.order ?? 100) || a.id.localeCompare(b.id)) as Entry<Data>[];
}

/** The company's details (src/content/site/settings.json). */
type Company = Record<'companyName' | 'brand' | 'tagline' | 'location' | 'url' | 'email' | 'hours', string> & Record<'foundedYear', number>;
export const company = JSON.parse(readFileSync(join(projectRoot, 'src/content/site/settings.json'), 'utf8')) as Company & { social: { network: string; href: string }[]; address: { suburb: string; state: string; postcode: string } };

/** An article's front matter, as the build read it. */
export type Article = { title: string; summary: string; publishDate: Date; updatedDate?: Date; author: { id: string }; services: { id: string }[]; cover?: { src: unknown; alt: string }; draft: boolean };

/** The articles this build published (those with a page in its sitemap), newest first; which ones for a given day, tests/e2e/own-content.spec.ts checks. */
export const publishedArticles = entries<Article>('insights')
  .filter((article) => paths.includes(`/Insights/${article.id}/`))
  .sort((a, b) => b.data.publishDate.getTime() - a.data.publishDate.getTime() || a.id.localeCompare(b.id));

/** Text with typographic quotes made straight: Markdown turns 'it's' into 'it’s' as it builds. */
export const straightQuotes = (text: string) => text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"');

/** The first eight words of a text's first paragraph, quotes straight: enough to know it is there. */
export const firstWords = (body = '') => straightQuotes(body.trim().split(/\s+/).slice(0, 8).join(' '));
