import type { z } from 'astro/zod';
import { formatValidationError, plainLanguageErrorMap } from '../content/editor-errors.ts';
import { countInWords, fillInPlaceholders } from '../content/placeholders.ts';
import { findReferences } from '../content/references.ts';
import { collectionFolders, pageSectionsSchema, perPagePlaceholders, type CollectionName, type PageWithSections } from '../content/schemas.ts';
import type * as schemas from '../content/schemas.ts';
import type { SiteConfig } from '../site/config.ts';

// The whole content of the site, as one value that every page's data is made from: the build fills
// it from Astro's collections (build-content.ts), unit tests from fixtures. No astro: imports here.

/** A reference to another entry, as the build leaves it (Astro adds the collection's name). */
export type EntryReference = { id: string };

/** One entry of a collection: its file name, its front matter and, for pages that show it, its text. */
export interface Entry<Data> {
  id: string;
  data: Data;
  /** The text after the front matter. */
  body?: string;
  /** The file, from the project's root, for messages that name it: Astro's loader gives every entry one. */
  filePath?: string;
}

type Ref = z.ZodType<EntryReference>;
/** An entry as its schema (src/lib/content/schemas.ts) reads it. */
type Parsed<Schema extends z.ZodType> = Entry<z.output<Schema>>;
export type PageData = z.output<ReturnType<typeof schemas.pageSchema<Ref>>>;
export type Service<Image = unknown> = Parsed<ReturnType<typeof schemas.serviceSchema<z.ZodType<Image>, Ref>>>;
export type Product<Image = unknown> = Parsed<ReturnType<typeof schemas.productSchema<z.ZodType<Image>, Ref>>>;
export type Project<Image = unknown> = Parsed<ReturnType<typeof schemas.projectSchema<z.ZodType<Image>, Ref>>>;
export type Client<Image = unknown> = Parsed<ReturnType<typeof schemas.clientSchema<z.ZodType<Image>, Ref>>>;
export type Insight<Image = unknown> = Parsed<ReturnType<typeof schemas.insightSchema<z.ZodType<Image>, Ref>>>;

/** Every collection's entries in the editors' `order`. `Image` is a picture: Astro's image metadata, or a path in fixtures. */
export interface SiteContent<Image = unknown> {
  pages: Entry<PageData>[];
  services: Service<Image>[];
  products: Product<Image>[];
  productVariants: Parsed<ReturnType<typeof schemas.productVariantSchema>>[];
  projects: Project<Image>[];
  clients: Client<Image>[];
  team: Parsed<ReturnType<typeof schemas.teamMemberSchema<z.ZodType<Image>>>>[];
  values: Parsed<ReturnType<typeof schemas.valueSchema>>[];
  /** The articles, newest first: in a build, only those published by `builtAt`; in development, drafts and future ones too. */
  insights: Insight<Image>[];
  /** The company's details and the menu (src/site.config.ts). */
  site: SiteConfig;
  /** When the site is built: "{years} in business" counts to it. */
  builtAt: Date;
}

/** Puts every collection in the order the site lists it; entries keep their own data. */
export function inSiteOrder<Image>(content: SiteContent<Image>): SiteContent<Image> {
  // By `order` (100 where an entry has none), then by file name, so lists are stable whatever the file system returns.
  const sorted = <T extends Entry<{ order?: number }>>(entries: T[]) => [...entries].sort((a, b) => (a.data.order ?? 100) - (b.data.order ?? 100) || a.id.localeCompare(b.id));
  return {
    ...content,
    pages: [...content.pages].sort((a, b) => a.id.localeCompare(b.id)),
    services: sorted(content.services),
    products: sorted(content.products),
    productVariants: sorted(content.productVariants),
    projects: sorted(content.projects),
    clients: sorted(content.clients),
    team: sorted(content.team),
    values: sorted(content.values),
    insights: [...content.insights].sort((a, b) => b.data.publishDate.getTime() - a.data.publishDate.getTime() || a.id.localeCompare(b.id)),
  };
}

export function contentFacts(content: SiteContent): Record<string, string | number> {
  const { site } = content;
  return {
    companyName: site.companyName,
    foundedYear: site.foundedYear,
    years: content.builtAt.getFullYear() - site.foundedYear,
    suburb: site.address.suburb,
    teamSize: countInWords(content.team.length),
    serviceCount: countInWords(content.services.length),
    productCount: countInWords(content.products.length),
    projectCount: countInWords(content.projects.length),
    clientCount: countInWords(content.clients.length),
  };
}

/** The hero text of one fixed page, placeholders filled in; a missing file stops the build, naming it. */
export function pageText(content: SiteContent, id: string): Omit<PageData, 'sections'> {
  const entry = content.pages.find((page) => page.id === id);
  if (!entry) throw new Error(`src/content/pages/${id}.md is missing: it holds the title, subtitle and description of that page. Restore it.`);
  const { sections: _sections, ...text } = entry.data;
  return fillInPlaceholders(text, contentFacts(content), entry.filePath!);
}

/**
 * A fixed page with the words of all its sections, placeholders such as `{years}` filled in; a
 * missing or misspelt section stops the build, naming the file and field. A page's own name
 * (`{service}`, `{product}`) is left for sharedSections().
 */
export function pageWithSections<P extends PageWithSections>(content: SiteContent, id: P) {
  const text = pageText(content, id);
  const { data, filePath: file } = content.pages.find((page) => page.id === id)!;
  const result = pageSectionsSchema(id).safeParse(data.sections, { error: plainLanguageErrorMap });
  if (!result.success) throw new Error(formatValidationError(`${file} (its "sections")`, result.error));
  const perPage = id in perPagePlaceholders ? perPagePlaceholders[id as keyof typeof perPagePlaceholders] : null;
  const known = { ...contentFacts(content), ...(perPage ? { [perPage]: `{${perPage}}` } : {}) };
  return { ...text, sections: fillInPlaceholders(result.data, known, file!) };
}

/** The headings every service or product page shares (in the listing's file), `{service}` or `{product}` made this page's name. */
export function sharedSections<P extends keyof typeof perPagePlaceholders>(content: SiteContent, listing: P, pageName: string) {
  const { sections } = pageWithSections(content, listing);
  return fillInPlaceholders(sections, { [perPagePlaceholders[listing]]: pageName }, `src/content/pages/${listing}.md`);
}

/** The entries about a service (projects that involved it, articles about it): they list it under `services`. In their own order. */
export function aboutService<E extends Entry<{ services: EntryReference[] }>>(entries: readonly E[], service: { id: string }): E[] {
  return entries.filter((entry) => entry.data.services.some((reference) => reference.id === service.id));
}

/** The entry a reference points at; the integrity check (referenceProblems) has made sure it exists. */
export function resolve<E extends Entry<unknown>>(entries: readonly E[], reference: EntryReference): E {
  const entry = entries.find((candidate) => candidate.id === reference.id);
  if (!entry) throw new Error(`No entry "${reference.id}": run the content check (referenceProblems) before making pages.`);
  return entry;
}

/** A team member as the pages that name them show them (an article's author, the people behind a service or a product): their portrait keeps its look from the About page, and their name leads there. */
export function personOf<Image>(content: SiteContent<Image>, reference: EntryReference) {
  const member = resolve(content.team, reference);
  const { name, role, photo, bio, certifications, profile } = member.data;
  return { id: member.id, name, role, photo, bio, certifications, profile, href: `/AboutUs/#${member.id}`, place: content.team.indexOf(member) };
}

/** Every reference to an entry that does not exist, one sentence each naming the file, the field and the ids that would work. */
export function referenceProblems(content: SiteContent): string[] {
  return (Object.keys(collectionFolders) as CollectionName[]).flatMap((collection) =>
    (content[collection] as Entry<unknown>[]).flatMap((entry) =>
      findReferences(entry.data).flatMap((reference) => {
        const target = reference.collection as CollectionName;
        const entries = content[target] as Entry<unknown>[];
        if (entries.some((candidate) => candidate.id === reference.id)) return [];
        return [`${entry.filePath}: "${reference.field}" refers to "${reference.id}", but there is no such file in src/content/${collectionFolders[target]}. Use one of: ${entries.map((candidate) => candidate.id).sort().join(', ')}.`];
      }),
    ),
  );
}
