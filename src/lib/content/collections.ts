import { getCollection, getEntry, type CollectionEntry, type CollectionKey } from 'astro:content';
import { byOrder } from './order.ts';
import { findReferences } from './references.ts';
import { collectionFolders, pageSectionsSchema, perPagePlaceholders, type PageWithSections } from './schemas.ts';
import { formatValidationError, plainLanguageErrorMap } from './editor-errors.ts';
import { countInWords, fillInPlaceholders } from './placeholders.ts';
import { site } from '../../site.config.ts';

type OrderedCollection = 'services' | 'products' | 'productVariants' | 'projects' | 'clients' | 'team' | 'values';

/** Every entry of a collection, in the editors' `order`. */
export async function getOrdered<C extends OrderedCollection>(collection: C): Promise<CollectionEntry<C>[]> {
  const entries = (await getCollection(collection)) as CollectionEntry<C>[];
  return entries.sort(byOrder);
}

/**
 * The hero text of one fixed page (About, Contact, the listings) from src/content/pages/. A missing
 * file stops the build with a message that says which file to restore, instead of a page with no title.
 */
export async function getPageText(id: string): Promise<CollectionEntry<'pages'>> {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`src/content/pages/${id}.md is missing: it holds the title, subtitle and description of that page. Restore it.`);
  // The sections are filled in by getPageWithSections, which also knows each page's own name.
  const { sections, ...text } = entry.data;
  const file = entry.filePath ?? `src/content/pages/${id}.md`;
  return { ...entry, data: { ...fillInPlaceholders(text, await contentFacts(), file), sections } };
}

/** Whether a project involved a service: it lists the service under `services`. */
export function involves(project: CollectionEntry<'projects'>, service: { id: string }): boolean {
  return project.data.services.some((reference) => reference.id === service.id);
}

/**
 * What page text can say that must stay true as the company grows (see docs/EDITING.md): counts
 * come from the content itself, in words ("six"), so "Five disciplines" never outlives a new service.
 */
function contentFacts(): Promise<Record<string, string | number>> {
  // Counted once per build (every case study asks); in development, on every page, so edits show.
  if (import.meta.env.DEV) return countContentFacts();
  return (contentFactsOfThisBuild ??= countContentFacts());
}
let contentFactsOfThisBuild: Promise<Record<string, string | number>> | undefined;

async function countContentFacts(): Promise<Record<string, string | number>> {
  const count = async (collection: 'team' | 'services' | 'products' | 'projects' | 'clients') => countInWords((await getCollection(collection)).length);
  return {
    companyName: site.companyName,
    foundedYear: site.foundedYear,
    years: new Date().getFullYear() - site.foundedYear,
    suburb: site.address.suburb,
    teamSize: await count('team'),
    serviceCount: await count('services'),
    productCount: await count('products'),
    projectCount: await count('projects'),
    clientCount: await count('clients'),
  };
}

/**
 * A fixed page with the words of all its sections (src/content/pages/<id>.md), placeholders such
 * as `{years}` filled in. A missing or misspelt section stops the build, naming the file and field.
 */
export async function getPageWithSections<P extends PageWithSections>(id: P) {
  const entry = await getPageText(id);
  const file = entry.filePath ?? `src/content/pages/${id}.md`;
  const result = pageSectionsSchema(id).safeParse(entry.data.sections, { error: plainLanguageErrorMap });
  if (!result.success) throw new Error(formatValidationError(`${file} (its "sections")`, result.error));
  // A page's own name ({service}, {product}) is checked here and filled in by sharedSectionsFor().
  const perPage = id in perPagePlaceholders ? perPagePlaceholders[id as keyof typeof perPagePlaceholders] : null;
  const known = { ...(await contentFacts()), ...(perPage ? { [perPage]: `{${perPage}}` } : {}) };
  return { ...entry.data, sections: fillInPlaceholders(result.data, known, file) };
}

/**
 * The headings that every service page or every product page shares (kept in the listing page's
 * file), with `{service}` or `{product}` made this page's own name.
 */
export async function sharedSectionsFor<P extends keyof typeof perPagePlaceholders>(listing: P, pageName: string) {
  const { sections } = await getPageWithSections(listing);
  return fillInPlaceholders(sections, { [perPagePlaceholders[listing]]: pageName }, `src/content/pages/${listing}.md`);
}

/** Every collection, listed so that TypeScript fails here if one is added without being checked below. */
const everyCollection = {
  pages: true,
  services: true,
  products: true,
  productVariants: true,
  projects: true,
  clients: true,
  team: true,
  values: true,
} as const satisfies Record<CollectionKey, true>;

let integrityCheck: Promise<void> | undefined;

/**
 * Fails the build when any content file refers to an entry that does not exist (a client's project,
 * a product's variant, a project's service), listing every such file, field and the ids that would
 * work. Runs once per build, however many pages ask.
 */
export function assertContentReferences(): Promise<void> {
  integrityCheck ??= (async () => {
    const problems: string[] = [];
    for (const collection of Object.keys(everyCollection) as CollectionKey[]) {
      for (const entry of await getCollection(collection)) {
        for (const reference of findReferences(entry.data)) {
          const target = reference.collection as CollectionKey;
          if (await getEntry(target, reference.id)) continue;
          const known = (await getCollection(target)).map((candidate) => candidate.id).join(', ');
          problems.push(
            `${entry.filePath ?? `${collection}/${entry.id}`}: "${reference.field}" refers to "${reference.id}", but there is no such file in src/content/${collectionFolders[target]}. Use one of: ${known}.`,
          );
        }
      }
    }
    if (problems.length) throw new Error(`Some content refers to files that do not exist:\n  - ${problems.join('\n  - ')}`);
  })();
  return integrityCheck;
}

