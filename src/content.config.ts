import { defineCollection, reference } from 'astro:content';
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { contentFiles } from './lib/content/loader.ts';
import { isIconName } from './lib/content/icons.ts';
import { withEditorErrors } from './lib/content/editor-errors.ts';

const iconName = z
  .string()
  .refine(isIconName, { error: 'is not an icon name: pick one from https://lucide.dev/icons (for example "shield-check").' })
  .describe('A Lucide icon name, from https://lucide.dev/icons');

const order = z.number().int().min(0).default(100).describe('Position in lists: lower numbers come first');

const cardSummary = z.string().min(40).max(220).describe('One or two sentences for the card (40–220 characters)');

const heroSubtitle = z.string().min(20).max(160).describe('The line under the page title: what a visitor can do here');

const metaDescription = z
  .string()
  .min(50)
  .max(160)
  .optional()
  .describe('What search engines show under the page title (50–160 characters); the summary is used if empty');

/** A short titled point: a feature, a step, a value. */
const point = z.object({
  title: z.string().min(2).max(80).describe('A few words'),
  text: z.string().min(20).max(400).describe('One to three sentences'),
});

/** A picture with the words a screen reader says instead of it; both are required. */
function picture({ image }: SchemaContext) {
  return z.object({
    src: image().describe('Path to the image file, relative to this file, e.g. ../../assets/projects/photo.jpg'),
    alt: z.string().min(3).describe('What the picture shows, for people who cannot see it'),
  });
}

/** An external address that opens the client's own site. */
const websiteUrl = z.url({ protocol: /^https$/, error: 'must be a full https:// address.' });

/** Hero text and search description for the fixed pages (About, Contact, the listings). */
const pages = defineCollection({
  loader: contentFiles('pages'),
  schema: withEditorErrors(z.object({
    title: z.string().min(2).max(60).describe('The page heading (h1) and browser tab title'),
    subtitle: heroSubtitle,
    description: z.string().min(50).max(160).describe('What search engines show (50–160 characters)'),
    mission: z.string().min(20).optional().describe('About page only: the mission statement'),
    vision: z.string().min(20).optional().describe('About page only: the vision statement'),
  }).strict()),
});

const services = defineCollection({
  loader: contentFiles('services'),
  schema: withEditorErrors(z.object({
    title: z.string().min(3).max(60).describe('The service name, as the card and page heading show it'),
    subtitle: heroSubtitle,
    summary: cardSummary,
    description: metaDescription,
    icon: iconName,
    order,
    onHome: z.boolean().default(true).describe('Show a card for it in "What We Do" on the home page'),
    deliverables: z.array(z.string().min(5).max(200)).min(3).max(8).describe('What the client gets: 3–8 short lines'),
    process: z.array(point).min(3).max(6).describe('How the work runs: 3–6 steps, in order'),
    technologies: z
      .array(
        z.object({
          group: z.string().min(2).max(40).describe('A heading such as "Front end"'),
          items: z.array(z.string().min(1).max(40)).min(1).describe('The technologies in that group'),
        }),
      )
      .default([])
      .describe('Optional lists of technologies, grouped'),
  }).strict()),
});

const productVariants = defineCollection({
  loader: contentFiles('product-variants'),
  schema: withEditorErrors(z.object({
    name: z.string().min(2).max(40).describe('The variant name, such as "Retail POS"'),
    summary: cardSummary,
    icon: iconName,
    order,
    highlights: z.array(z.string().min(5).max(160)).min(2).max(6).describe('What this version adds: 2–6 short lines'),
  }).strict()),
});

const products = defineCollection({
  loader: contentFiles('products'),
  schema: withEditorErrors(z.object({
    name: z.string().min(2).max(40).describe('The product name after the brand: "LMS" becomes "Impact LMS"'),
    subtitle: heroSubtitle,
    summary: cardSummary,
    description: metaDescription,
    icon: iconName,
    order,
    variants: z
      .array(reference('productVariants'))
      .default([])
      .describe('Versions of the product: file names in src/content/product-variants, such as "retail-pos"'),
    features: z
      .array(
        point.extend({
          icon: iconName,
          steps: z.array(z.string().min(2).max(40)).optional().describe('Optional stages shown in order, e.g. order states'),
        }),
      )
      .default([])
      .describe('Feature sections, each with its own icon'),
    audiences: z
      .array(
        z.object({
          title: z.string().min(2).max(60).describe('Who this side is for, e.g. "For administrators"'),
          intro: z.string().min(20).max(300).describe('One sentence on what this side is for'),
          features: z.array(point).min(1).describe('What they can do'),
        }),
      )
      .default([])
      .describe('What each kind of user gets, e.g. the admin side and the employee side'),
    roles: z.array(point).default([]).describe('The people who use it day to day, e.g. cashier, kitchen staff'),
  }).strict()),
});

const projects = defineCollection({
  loader: contentFiles('projects'),
  schema: (context) =>
    withEditorErrors(z.object({
      title: z.string().min(3).max(80).describe('The project’s name'),
      summary: z.string().min(40).max(300).describe('What we built and what changed for the client (40–300 characters)'),
      image: picture(context).describe('A screenshot or illustration of the work'),
      url: websiteUrl.optional().describe('The live site or app, if public; leave it out and the card shows no link'),
      services: z.array(reference('services')).default([]).describe('The services involved: file names such as "WebApp"'),
      year: z.number().int().min(2017).max(2100).describe('The year it launched'),
      order,
    }).strict()),
});

const clients = defineCollection({
  loader: contentFiles('clients'),
  schema: (context) =>
    withEditorErrors(z.object({
      name: z.string().min(2).max(60).describe('The client’s business name'),
      logo: picture(context).describe('The client’s logo, ideally an SVG wordmark'),
      industry: z.string().min(3).max(60).describe('What the client does, in a few words'),
      work: z.string().min(20).max(200).describe('One line on what we did for them'),
      project: reference('projects').describe('The matching project: its file name in src/content/projects'),
      order,
    }).strict()),
});

const team = defineCollection({
  loader: contentFiles('team'),
  schema: (context) =>
    withEditorErrors(z.object({
      name: z.string().min(2).max(60).describe('Full name'),
      role: z.string().min(2).max(80).describe('Role title'),
      photo: picture(context)
        .optional()
        .describe('A square portrait; until one is added, the page shows a monogram of their initials'),
      order,
    }).strict()),
});

const values = defineCollection({
  loader: contentFiles('values'),
  schema: withEditorErrors(point.extend({ icon: iconName, order }).strict()),
});

export const collections = { pages, services, products, productVariants, projects, clients, team, values };
