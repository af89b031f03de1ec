import { defineCollection, reference } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { isIconName } from './lib/icons';
import { plainLanguageErrorMap } from './lib/validation-errors';

// Word every content error as a sentence an editor can act on (see src/lib/validation-errors.ts).
z.config({ customError: plainLanguageErrorMap });

/**
 * Loads one collection from `src/content/<name>/`. The file name is the entry's id, letter case
 * kept, so `services/Cyber.mdx` is the page `/Cyber/`.
 */
function filesIn(name: string) {
  return glob({
    base: `./src/content/${name}`,
    pattern: '**/*.{md,mdx}',
    generateId: ({ entry }) => entry.replace(/\.mdx?$/, ''),
  });
}

const iconName = z
  .string()
  .refine(isIconName, { error: 'is not an icon name: pick one from https://lucide.dev/icons (for example "shield-check").' })
  .describe('A Lucide icon name, from https://lucide.dev/icons');

const order = z.number().int().min(0).default(100).describe('Position in lists: lower numbers come first');

const cardSummary = z.string().min(40).max(220).describe('One or two sentences for the card (40–220 characters)');

/** A picture with the words a screen reader says instead of it; both are required. */
function picture({ image }: SchemaContext) {
  return z.object({
    src: image().describe('Path to the image file, relative to this file'),
    alt: z.string().min(3).describe('What the picture shows, for people who cannot see it'),
  });
}

const services = defineCollection({
  loader: filesIn('services'),
  schema: z.object({
    title: z.string().min(3).max(60).describe('The service name, as the card and page heading show it'),
    summary: cardSummary,
    icon: iconName,
    order,
    onHome: z.boolean().default(true).describe('Show a card for it in "What We Do" on the home page'),
  }),
});

const products = defineCollection({
  loader: filesIn('products'),
  schema: z.object({
    name: z.string().min(2).max(40).describe('The product name after the brand: "LMS" becomes "Impact LMS"'),
    summary: cardSummary,
    icon: iconName,
    order,
  }),
});

const productVariants = defineCollection({
  loader: filesIn('product-variants'),
  schema: z.object({
    product: reference('products').describe('The product this is a version of: its file name, such as "IPOS"'),
    name: z.string().min(2).max(40).describe('The variant name, such as "Retail POS"'),
    summary: cardSummary,
    icon: iconName,
    order,
  }),
});

const clients = defineCollection({
  loader: filesIn('clients'),
  schema: (context) =>
    z.object({
      name: z.string().min(2).max(60).describe('The client’s business name'),
      logo: picture(context).describe('The client’s logo, ideally an SVG wordmark'),
      order,
    }),
});

export const collections = { services, products, productVariants, clients };
