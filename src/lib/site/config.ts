import { z } from 'astro/zod';
import { formatValidationError, plainLanguageErrorMap } from '../content/editor-errors.ts';

/** An internal path such as `/AboutUs/`: starts and ends with a slash so every link has one canonical form. */
const internalPath = z
  .string()
  .regex(/^\/([A-Za-z0-9-]+\/)*$/, { error: 'must be a site path that starts and ends with "/", such as "/AboutUs/".' });

/** A path on this site that may name a file or endpoint, such as `/api/contact`. */
function internalPathOrFile() {
  return z.string().regex(/^\/[A-Za-z0-9\-/._]*$/);
}

const navigationLink = z.object({
  label: z.string().min(1).describe('The words shown in the menu'),
  href: internalPath.describe('The page it opens'),
});

const socialLink = z.object({
  network: z.string().min(1).describe('The network’s name, shown to screen readers and in tooltips'),
  href: z.url({ protocol: /^https$/, error: 'must be a full https:// address.' }).describe('The company’s profile'),
  icon: z.string().min(1).describe('A Lucide icon name, such as "linkedin"'),
});

export const siteConfigSchema = z
  .object({
    /** The public address the site is published at; canonical URLs and the sitemap are built from it. */
    url: z.url({ protocol: /^https?$/ }),
    companyName: z.string().min(1),
    /** The word every product name starts with ("Impact" Point of Sale, …). */
    brand: z.string().min(1),
    tagline: z.string().min(1),
    description: z.string().min(50).max(160).describe('The default meta description (50–160 characters)'),
    foundedYear: z.number().int().min(1900).max(2100),
    copyrightYear: z.number().int().min(1900).max(2100),
    address: z.object({
      street: z.string().min(1),
      suburb: z.string().min(1),
      state: z.string().min(2),
      postcode: z.string().regex(/^\d{4}$/, { error: 'must be a four-digit Australian postcode.' }),
      country: z.string().min(1),
    }),
    email: z.email({ error: 'must be an e-mail address.' }),
    phone: z.object({
      display: z.string().min(1).describe('The number as people read it'),
      /** E.164 form for `tel:` links. */
      dial: z.string().regex(/^\+[1-9]\d{6,14}$/, { error: 'must be in international form, such as +61255501234.' }),
    }),
    social: z.array(socialLink).length(2, { error: 'must list exactly two social networks.' }),
    navigation: z.array(navigationLink).min(1),
    /** Where the contact form posts: the endpoint beside the pages, or a full https:// address elsewhere. */
    contactFormAction: z.union([internalPathOrFile(), z.url({ protocol: /^https$/ })], {
      error: 'must be a path such as "/api/contact" or a full https:// address.',
    }),
  })
  .strict()
  .refine((config) => config.copyrightYear >= config.foundedYear, {
    error: 'copyrightYear cannot be before foundedYear.',
    path: ['copyrightYear'],
  });

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;

/**
 * Validates the site-wide facts once, at build time, and throws one readable message naming every
 * wrong field, so a typo in the address or e-mail can never reach a published page.
 */
export function defineSiteConfig(input: SiteConfigInput): SiteConfig {
  const result = siteConfigSchema.safeParse(input, { error: plainLanguageErrorMap });
  if (!result.success) throw new Error(formatValidationError('The site configuration (src/site.config.ts)', result.error));
  return result.data;
}

/** The postal address on one line, as the footer and contact page show it. */
export function formatAddress({ address }: Pick<SiteConfig, 'address'>): string {
  return `${address.street}, ${address.suburb} ${address.state} ${address.postcode}`;
}

/** A product's full name: the brand first, as the company markets it ("Impact LMS"). */
export function brandedName({ brand }: Pick<SiteConfig, 'brand'>, productName: string): string {
  return `${brand} ${productName}`;
}
