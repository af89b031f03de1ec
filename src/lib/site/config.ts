import { z } from 'astro/zod';
import { formatValidationError, plainLanguageErrorMap } from '../content/editor-errors.ts';
import type { EditorHint } from '../content/schemas.ts';

/** A time zone this runtime knows, such as "Australia/Sydney". */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An internal path such as `/AboutUs/`: starts and ends with a slash so every link has one canonical form. */
const internalPath = z.string().regex(/^\/([A-Za-z0-9-]+\/)*$/, { error: 'must be a site path that starts and ends with "/", such as "/AboutUs/".' });

const navigationLink = z.object({
  label: z.string().min(1).describe('The words shown in the menu'),
  href: internalPath.describe('The page it opens'),
});

const socialLink = z.object({
  network: z.string().min(1).describe('The network’s name, shown to screen readers and in tooltips'),
  href: z.url({ protocol: /^https$/, error: 'must be a full https:// address.' }).describe('The company’s profile').meta({ title: 'Address' }),
  icon: z.string().min(1).describe('A Lucide icon name, such as "linkedin"').meta({ editor: { kind: 'icon' } satisfies EditorHint }),
});

/** The company's facts that editors keep current (src/content/site/settings.json, "Company details" in the editor). */
export const siteFactsSchema = z
  .object({
    /** The public address the site is published at; canonical URLs and the sitemap are built from it. */
    url: z.url({ protocol: /^https?$/ }).describe('The address the site is published at, such as https://www.example.com').meta({ title: 'Website address' }),
    companyName: z.string().min(1).describe('The full business name, as the footer and search results show it'),
    /** The word every product name starts with ("Impact" Point of Sale, …). */
    brand: z.string().min(1).describe('The word every product name starts with: "Impact" makes "Impact LMS"'),
    tagline: z.string().min(1).describe('One line on what the company does and for whom: it opens the home page'),
    location: z.string().min(2).max(60).describe('Where the company works from, as the home page’s first line says it after the tagline, such as "Parramatta, Sydney"'),
    description: z.string().min(50).max(160).describe('The default meta description (50–160 characters)'),
    timeZone: z
      .string()
      .refine(isTimeZone, { error: 'is not a time zone: write it as "Australia/Sydney".' })
      .describe('Where the company keeps its calendar, such as "Australia/Sydney": an article dated in the future is published on the morning of that day there')
      .meta({ title: 'Time zone' }),
    foundedYear: z.number().int().min(1900).max(2100).describe('The year the company started'),
    address: z
      .object({
        street: z.string().min(1).describe('Street address, with the level or suite'),
        suburb: z.string().min(1),
        state: z.string().min(2).describe('Such as NSW'),
        postcode: z.string().regex(/^\d{4}$/, { error: 'must be a four-digit Australian postcode.' }).describe('Four digits'),
        country: z.string().min(1),
      })
      .describe('The office, as the footer and the contact page show it'),
    email: z.email({ error: 'must be an e-mail address.' }).describe('Where enquiries go; shown on every page').meta({ title: 'E-mail' }),
    phone: z
      .object({
        display: z.string().min(1).describe('The number as people read it').meta({ title: 'Number' }),
        /** E.164 form for `tel:` links. */
        dial: z
          .string()
          .regex(/^\+[1-9]\d{6,14}$/, { error: 'must be in international form, such as +61255501234.' })
          .describe('The same number in international form, such as +61255501234, for phones to dial')
          .meta({ title: 'For dialling' }),
      })
      .describe('The office phone'),
    hours: z.string().min(5).max(80).describe('When the office answers, as the contact page says it, such as "Monday to Friday, 8:30 am to 5:30 pm"').meta({ title: 'Office hours' }),
    social: z.array(socialLink).length(2, { error: 'must list exactly two social networks.' }).describe('The two social networks in the footer'),
  })
  .strict();

export const siteConfigSchema = siteFactsSchema.extend({
  navigation: z.array(navigationLink).min(1),
});

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;

/** Validates the site-wide facts at build time, naming every wrong field, so a typo never reaches a published page. */
export function defineSiteConfig(input: SiteConfigInput): SiteConfig {
  const result = siteConfigSchema.safeParse(input, { error: plainLanguageErrorMap });
  if (!result.success) throw new Error(formatValidationError('The company details (src/content/site/settings.json, "Company details" in the browser editor) with src/site.config.ts', result.error));
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
