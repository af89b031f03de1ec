import type { ImageMetadata } from 'astro';
import { getCollection } from 'astro:content';
import { site } from '../../site.config.ts';
import { sampleDetailsWarning, stillToSupplyWarning } from '../site/sample-details.ts';
import { contentProblems } from './content-problems.ts';
import { unpublishedBecause } from './insights.ts';
import { inSiteOrder, type SiteContent } from './content.ts';

/**
 * The site's content from Astro's collections, read and checked once per build (on every page in
 * development, so that edits show): a broken reference or address stops the build before a page is
 * made; a sample company detail and what is still to supply (portraits,
 * clients' sites) are warnings, and a sample detail stops the build that publishes to production
 * (the deploy job sets PUBLISHING=production).
 */
export function getSiteContent(): Promise<SiteContent<ImageMetadata>> {
  if (import.meta.env.DEV) return readAndCheck();
  return (contentOfThisBuild ??= readAndCheck());
}
let contentOfThisBuild: Promise<SiteContent<ImageMetadata>> | undefined;

async function readAndCheck(): Promise<SiteContent<ImageMetadata>> {
  const content = inSiteOrder<ImageMetadata>({
    pages: await getCollection('pages'),
    services: await getCollection('services'),
    products: await getCollection('products'),
    productVariants: await getCollection('productVariants'),
    projects: await getCollection('projects'),
    clients: await getCollection('clients'),
    team: await getCollection('team'),
    values: await getCollection('values'),
    insights: await getCollection('insights'),
    site,
    builtAt: buildTime(),
  });
  // Drafts and future articles are checked too: they will be published as they are.
  const problems = contentProblems(content);
  if (problems.length) throw new Error(`The content has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:\n  - ${problems.join('\n  - ')}`);
  // A build publishes the articles whose day has come, in the company's time zone; development shows every one, marked.
  if (!import.meta.env.DEV) content.insights = content.insights.filter((article) => !unpublishedBecause(article, content.builtAt, site.timeZone));
  const samples = sampleDetailsWarning(site, content);
  if (samples && process.env.PUBLISHING === 'production') throw new Error(`Not published: ${samples}`);
  const warnings = [samples, stillToSupplyWarning(content)];
  if (!import.meta.env.DEV) for (const warning of warnings) if (warning) console.warn(`Warning: ${warning}`);
  return content;
}

/** When the site is built: now, or SITE_NOW (an ISO date and time), the fixed clock the tests of scheduled articles set. */
function buildTime(): Date {
  const fixed = process.env.SITE_NOW;
  if (!fixed) return new Date();
  const time = new Date(fixed);
  if (Number.isNaN(time.getTime())) throw new Error(`SITE_NOW is "${fixed}", which is not a date and time: write it as 2026-11-25T06:00:00+11:00, or leave it unset for now.`);
  return time;
}
