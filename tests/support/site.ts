import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inSiteOrder, type SiteContent } from '../../src/lib/pages/content.ts';
import { newProduct } from './content-variants.ts';

/**
 * The built site under test (this project, or the copy SITE_PROJECT_ROOT names: tests/e2e/run.ts)
 * and what it was built from: the pages from its sitemap, and each entry as the copy's build read
 * it through Astro's getCollection() (a route of the tests' own: content-variants.ts). Tests read
 * every entry to check that it is shown; what a rule makes of the content, they state as literal
 * values about the tests' own entries.
 */
export const projectRoot = process.env.SITE_PROJECT_ROOT ?? resolve(import.meta.dirname, '../..');
export const distDir = join(projectRoot, 'dist');

/** Every page search engines are told about (the built sitemap), as paths. */
export const paths = [...readFileSync(join(distDir, 'sitemap-0.xml'), 'utf8').matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map(([, path]) => path!);

export type Entry<Data = Record<string, unknown>> = { id: string; data: Data; body?: string; filePath: string };

let collections: Record<string, Entry[]> | undefined;

/** A collection's entries in the site's order (production's one sort), dates as dates. */
export function entries<Data = Record<string, unknown>>(collection: string): Entry<Data>[] {
  collections ??= inSiteOrder(JSON.parse(readFileSync(join(distDir, 'test-content.json'), 'utf8'), (key, value) => (/Date$/.test(key) ? new Date(value as string) : value)) as SiteContent) as never;
  return collections![collection] as Entry<Data>[];
}

/** The company's details (src/content/site/settings.json). */
type Company = Record<'companyName' | 'brand' | 'tagline' | 'location' | 'url' | 'email' | 'hours', string> & Record<'foundedYear', number>;
export const company = JSON.parse(readFileSync(join(projectRoot, 'src/content/site/settings.json'), 'utf8')) as Company & { social: { network: string; href: string }[]; address: { suburb: string; state: string; postcode: string } };

/** An article's front matter, as the build read it. */
export type Article = { title: string; summary: string; publishDate: Date; updatedDate?: Date; author: { id: string }; services: { id: string }[]; cover?: { src: unknown; alt: string }; draft: boolean };

/** The articles this build published (those with a page in its sitemap), newest first; which ones for a given day, tests/e2e/own-content.spec.ts checks. */
export const publishedArticles = () => entries<Article>('insights').filter((article) => paths.includes(`/Insights/${article.id}/`));

/** Whether a project has a case study: whether the build made its page. */
export const hasCaseStudy = (project: { id: string }) => paths.includes(`/OurProjects/${project.id}/`);

/** A product as the pages name it: the tests' own in full, the brand being pinned in the copy; any other, by its own name after the brand. */
export const productName = ({ id, data }: { id: string; data: { name: string } }) => (id === newProduct.id ? newProduct.title : new RegExp(` ${data.name.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}$`));

/** Text with typographic quotes made straight: Markdown turns 'it's' into 'it’s' as it builds. */
export const straightQuotes = (text: string) => text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"');

/** The first eight words of a text's first paragraph, quotes straight: enough to know it is there. */
export const firstWords = (body = '') => straightQuotes(body.trim().split(/\s+/).slice(0, 8).join(' '));
