import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { countInWords, fillInPlaceholders } from '../../src/lib/content/placeholders.ts';
import { site } from '../../src/site.config.ts';

/**
 * What the site under test was built from, read from its content files, so that every count, name
 * and address a test checks comes from the content: an editor who adds a team member changes the
 * expectation along with the page. SITE_PROJECT_ROOT points at a copy whose build is being tested
 * (tests/content/grown-site.ts); by default it is this project.
 */
export const projectRoot = process.env.SITE_PROJECT_ROOT ?? resolve(import.meta.dirname, '../..');

/** The build the server under test is serving. */
export const clientDir = join(projectRoot, 'dist/client');

export interface Entry<T> {
  id: string;
  data: T;
  /** The text after the front matter (a case study's, a service's page text). */
  body: string;
}

interface Point {
  title: string;
  text: string;
}

/** Every entry of one content folder, its front matter parsed, in the editors' `order` (then file name) as the site lists them. */
export function readCollection<T extends object>(folder: string, root = projectRoot): Entry<T>[] {
  const dir = join(root, 'src/content', folder);
  return readdirSync(dir)
    .filter((file) => /\.mdx?$/.test(file))
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const [whole = '', frontMatter = ''] = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text) ?? [];
      return { id: file.replace(/\.mdx?$/, ''), data: parse(frontMatter) as T & { order?: number }, body: text.slice(whole.length).trim() };
    })
    .sort((a, b) => (a.data.order ?? 100) - (b.data.order ?? 100) || a.id.localeCompare(b.id));
}

export const services = readCollection<{ title: string; onHome?: boolean; technologies?: { group: string; items: string[] }[] }>('services');
export const products = readCollection<{
  name: string;
  variants?: string[];
  features?: (Point & { steps?: string[] })[];
  audiences?: { title: string; features: Point[] }[];
  roles?: Point[];
}>('products');
export const productVariants = readCollection<{ name: string }>('product-variants');
export const projects = readCollection<{
  title: string;
  summary: string;
  url?: string;
  services?: string[];
  year: number;
  figures?: { value: string; label: string }[];
  technologies?: string[];
  gallery?: { src: string; alt: string }[];
  quote?: { text: string; name: string; role: string };
}>('projects');
/** The projects with a case study: those whose file has a body. */
export const caseStudies = projects.filter((project) => project.body !== '');
export const clients = readCollection<{ name: string; project: string }>('clients');
export const team = readCollection<{ name: string; role: string }>('team');
export const values = readCollection<{ title: string }>('values');

/** The words of one section of a fixed page, as written (placeholders such as {years} unfilled). */
export interface SectionWords {
  eyebrow?: string;
  title?: string;
  intro?: string;
  accent?: string;
  button?: string;
  link?: string;
}
export const fixedPages = readCollection<{ title: string; subtitle: string; description: string; sections?: Record<string, SectionWords> }>('pages');

/** One section's words from src/content/pages/<page>.md. */
export function pageSection(page: string, section: string): SectionWords {
  const words = fixedPages.find((entry) => entry.id === page)?.data.sections?.[section];
  if (!words) throw new Error(`src/content/pages/${page}.md has no section "${section}"`);
  return words;
}

/** The words of a heading written with placeholders, up to the first one: what every built page starts with. */
export function textBeforePlaceholders(text: string): string {
  return text.split('{')[0]!;
}

/** The services at least one project involved: each has a page listing those projects. */
export const servicesWithProjects = services.filter((service) => projects.some((project) => project.data.services?.includes(service.id)));

/** The heading of a service's projects page, /OurProjects/service/<service>/, from src/content/pages/projects.md. */
export function projectsByServiceTitle(service: Entry<{ title: string }>): string {
  return pageSection('projects', 'byService').title!.replaceAll('{service}', service.data.title);
}

/** The services that have a card in "What We Do" on the home page. */
export const homeServices = services.filter((service) => service.data.onHome !== false);

/**
 * Text of a content file as the built site shows it: counts such as `{serviceCount}` become the
 * number of files in that folder, in words, and the company's facts are filled in.
 */
export function asBuilt(text: string): string {
  const count = (entries: unknown[]) => countInWords(entries.length);
  const known = {
    companyName: site.companyName,
    foundedYear: site.foundedYear,
    years: new Date().getFullYear() - site.foundedYear,
    suburb: site.address.suburb,
    teamSize: count(team),
    serviceCount: count(services),
    productCount: count(products),
    projectCount: count(projects),
    clientCount: count(clients),
  };
  return fillInPlaceholders(text, known, 'a content file under test');
}

/** The title, subtitle and description of one fixed page (src/content/pages/<id>.md), as built. */
export function fixedPageText(id: string): { title: string; subtitle: string; description: string } {
  const page = fixedPages.find((entry) => entry.id === id);
  if (!page) throw new Error(`src/content/pages/${id}.md is missing`);
  const { title, subtitle, description } = page.data;
  return { title: asBuilt(title), subtitle: asBuilt(subtitle), description: asBuilt(description) };
}

/** The heading of one fixed page (src/content/pages/<id>.md). */
export function fixedPageTitle(id: string): string {
  return fixedPageText(id).title;
}
