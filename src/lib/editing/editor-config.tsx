import { collection, config, fields, singleton, type ComponentSchema, type Config, type GitHubConfig, type LocalConfig } from '@keystatic/core';
import { wrapper } from '@keystatic/core/content-components';
import type { z } from 'astro/zod';
import { addressField } from './address-field.tsx';
import { siteFactsSchema } from '../site/config.ts';
import { fieldsFromSchema, labelFor, schemaNodeOf } from './fields-from-schema.ts';
import { collectionFolders, fileSchemas, fixedPageSchema, type CollectionName } from '../content/schemas.ts';
import { articleRoute, caseStudyPath, routeOf } from '../content/routes.ts';

// The browser editor (/keystatic), built from the build's own schemas (src/lib/content/schemas.ts),
// in local mode by keystatic.config.tsx (`npm run edit`) and in GitHub mode by the Worker's admin
// (src/admin/). Collection names match src/content.config.ts, so a reference picker lists what
// the build's reference() accepts. Bundled into the admin's page: nothing here needs Node.

/** How an entry is reached, as the editor is told under its name: a page of its own (pageAt), or a part of other pages (shownOn). */
const pageAt = (route: (entry: { id: string }) => string) => ({
  addressLabel: 'Web address',
  addressHelp: 'Made from the name as you type; you may change it before you create the entry. It cannot be changed later, so links to it keep working.',
  describeAddress: (slug: string) => `Web address: ${route({ id: slug })} (fixed, so that links to it keep working)`,
});
const shownOn = (pages: string) => ({
  addressLabel: 'Saved as',
  addressHelp: 'Made from the name as you type: the name other entries use to point to this one. It cannot be changed later.',
  describeAddress: (slug: string) => `Shown on ${pages}. Saved as "${slug}" (fixed, so that other entries keep finding it).`,
});

/** One collection in src/content/<folder>/: fields from its schema, `nameKey` naming new files, a body only where pages show one. */
function contentCollection(label: string, name: Exclude<CollectionName, 'pages'>, nameKey: string, body: ComponentSchema | 'none', reach: ReturnType<typeof pageAt>, columns: string[] = [nameKey]) {
  const schema: z.ZodType = schemas[name];
  const folder = collectionFolders[name];
  const { [nameKey]: _name, ...rest } = fieldsFromSchema(schema);
  const nameNode = schemaNodeOf(schema).properties?.[nameKey];
  if (!nameNode) throw new Error(`${folder}: the schema has no "${nameKey}" field to name entries by.`);
  // Built at run time, so TypeScript cannot see that `nameKey` is the slug field; the editing tests open every collection.
  return collection<Record<string, ComponentSchema>, never>({
    label,
    path: `src/content/${folder}/*`,
    slugField: nameKey as never,
    format: { contentField: 'body' },
    columns: columns as never[],
    entryLayout: body === 'none' ? 'form' : 'content',
    schema: {
      [nameKey]: addressField({ label: labelFor(nameKey, nameNode), description: nameNode.description, min: nameNode.minLength ?? 1, max: nameNode.maxLength ?? Infinity, ...reach }),
      ...rest,
      body: body === 'none' ? fields.emptyContent({ extension: 'md' }) : body,
    },
  });
}

/** What the page bodies use: paragraphs, headings, lists, links, bold and italic. Nothing that Markdown cannot hold. */
const markdownOptions = { image: false, table: false, divider: false, codeBlock: false, code: false, strikethrough: false } as const;

/** A Markdown body, with what the editor is told about it. */
const markdownBody = (label: string, description?: string) => fields.markdoc({ label, description, extension: 'md', options: markdownOptions });

/**
 * An article's text (MDX): what page bodies use, pictures stored beside the article in
 * src/assets/insights/<article>/ (optimised like every other), and the two components articles
 * may use (src/components/insights/article-components.ts), under the names the pages render.
 */
const articleBody = fields.mdx({
  label: 'Article',
  description: 'Headings, lists, links and pictures; "Callout" sets a point apart, "Figure with caption" puts a picture above a line that explains it.',
  extension: 'mdx',
  options: { ...markdownOptions, image: { directory: 'src/assets/insights', publicPath: '../../assets/insights/' } },
  components: {
    Callout: wrapper({ label: 'Callout', schema: { title: fields.text({ label: 'Title', description: 'A few words that say what the point is', validation: { length: { min: 2, max: 80 } } }) } }),
    Figure: wrapper({ label: 'Figure with caption', schema: { caption: fields.text({ label: 'Caption', description: 'What the picture shows, in a sentence', validation: { length: { min: 5, max: 240 } } }) } }),
  },
});

/** The words of one fixed page, src/content/pages/<file>.md: its hero, and its sections' headings where it has them. */
function fixedPageText(label: string, file: string, kind: Parameters<typeof fixedPageSchema>[0]) {
  return singleton({
    label,
    path: `src/content/pages/${file}`,
    format: { contentField: 'body' },
    schema: { ...fieldsFromSchema(fixedPageSchema(kind)), body: fields.emptyContent({ extension: 'md' }) },
  });
}

const schemas = fileSchemas();

const collections = {
  services: contentCollection('Services', 'services', 'title', markdownBody('Page text'), pageAt(routeOf)),
  products: contentCollection('Products', 'products', 'name', markdownBody('Page text'), pageAt(routeOf)),
  productVariants: contentCollection('Product variants', 'productVariants', 'name', 'none', shownOn('the page of each product that lists it')),
  projects: contentCollection(
    'Projects',
    'projects',
    'title',
    markdownBody('Case study', 'The challenge, what we built and the results, under those three headings. With text here the project gets its own page; left empty, it shows as a card only.'),
    pageAt((project) => caseStudyPath(project.id)),
  ),
  clients: contentCollection('Clients', 'clients', 'name', 'none', shownOn('the Clients page and the home page')),
  team: contentCollection('Team', 'team', 'name', 'none', shownOn('the About page')),
  values: contentCollection('Values', 'values', 'title', 'none', shownOn('the About page')),
  // The date and draft columns show which articles are still to come.
  insights: contentCollection('Articles', 'insights', 'title', articleBody, pageAt(articleRoute), ['title', 'publishDate', 'draft']),
} satisfies Record<Exclude<CollectionName, 'pages'>, unknown>;

const singletons = {
  siteSettings: singleton({
    label: 'Company details',
    path: 'src/content/site/settings',
    format: { data: 'json' },
    schema: fieldsFromSchema(siteFactsSchema),
  }),
  homePage: fixedPageText('Home page', 'home', 'home'),
  aboutPage: fixedPageText('About page', 'about', 'about'),
  contactPage: fixedPageText('Contact page', 'contact', 'contact'),
  servicesPage: fixedPageText('Services page and every service page', 'services', 'services'),
  productsPage: fixedPageText('Products page and every product page', 'products', 'products'),
  projectsPage: fixedPageText('Projects page and every case study', 'projects', 'projects'),
  clientsPage: fixedPageText('Clients page', 'clients', 'listing'),
  insightsPage: fixedPageText('Insights page and every article', 'insights', 'insights'),
};

/** The editor on the given storage: this working tree (local mode) or a GitHub repository. Typed loosely, as Keystatic's page factories take it. */
export function editorConfig(storage: LocalConfig['storage'] | GitHubConfig['storage']): Config<any, any> {
  return config({
    storage,
    ui: {
      brand: { name: 'Impact website' },
      navigation: {
        Company: ['siteSettings'],
        Pages: (Object.keys(singletons) as (keyof typeof singletons)[]).filter((name) => name !== 'siteSettings' && name !== 'insightsPage'),
        'What we sell': ['services', 'products', 'productVariants'],
        'Our work': ['projects', 'clients'],
        'About us': ['team', 'values'],
        Insights: ['insights', 'insightsPage'],
      },
    },
    collections,
    singletons,
  });
}
