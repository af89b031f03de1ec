import { defineCollection, reference } from 'astro:content';
import { contentFiles } from './lib/content/loader.ts';
import { withEditorErrors } from './lib/content/editor-errors.ts';
import { clientSchema, insightSchema, collectionFolders as folders, pageSchema, productSchema, productVariantSchema, projectSchema, serviceSchema, teamMemberSchema, valueSchema } from './lib/content/schemas.ts';

// The rules themselves live in src/lib/content/schemas.ts, shared with the browser editor
// (keystatic.config.tsx); here they get Astro's own image() and reference() schemas.

const pages = defineCollection({ loader: contentFiles(folders.pages), schema: withEditorErrors(pageSchema({ project: reference('projects') })) });
const services = defineCollection({ loader: contentFiles(folders.services), schema: ({ image }) => withEditorErrors(serviceSchema({ image: image(), person: reference('team') })) });
const productVariants = defineCollection({ loader: contentFiles(folders.productVariants), schema: withEditorErrors(productVariantSchema()) });
const products = defineCollection({ loader: contentFiles(folders.products), schema: ({ image }) => withEditorErrors(productSchema({ image: image(), variant: reference('productVariants'), person: reference('team') })) });
const projects = defineCollection({ loader: contentFiles(folders.projects), schema: ({ image }) => withEditorErrors(projectSchema({ image: image(), service: reference('services'), product: reference('products') })) });
const clients = defineCollection({ loader: contentFiles(folders.clients), schema: ({ image }) => withEditorErrors(clientSchema({ image: image(), project: reference('projects') })) });
const team = defineCollection({ loader: contentFiles(folders.team), schema: ({ image }) => withEditorErrors(teamMemberSchema({ image: image() })) });
const values = defineCollection({ loader: contentFiles(folders.values), schema: withEditorErrors(valueSchema()) });

const insights = defineCollection({
  loader: contentFiles(folders.insights),
  schema: ({ image }) => withEditorErrors(insightSchema({ image: image(), author: reference('team'), service: reference('services') })),
});

export const collections = { pages, services, products, productVariants, projects, clients, team, values, insights };
