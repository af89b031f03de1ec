import type { ImageMetadata } from 'astro';
import { getCollection } from 'astro:content';
import { site } from '../../site.config.ts';
import { picturesShown, repeatedPicturesWarning } from '../content/repeated-pictures.ts';
import { contentProblems } from './site-pages.ts';
import { inSiteOrder, type SiteContent } from './content.ts';

/**
 * The site's content as the build reads it (Astro's collections), for the page functions in
 * src/lib/pages/. Read and checked once per build: any reference to a file that does not exist, or
 * a page address claimed twice, stops the build before a page is made, and a picture shown twice is
 * named in a warning. In development, read on every page, so that edits show.
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
    site,
    builtAt: new Date(),
  });
  const problems = contentProblems(content);
  if (problems.length) throw new Error(`The content has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:\n  - ${problems.join('\n  - ')}`);
  // A built picture's address is its file's name and a hash of its bytes: the same address, the same picture.
  const repeated = repeatedPicturesWarning(picturesShown(content, (image) => image.src));
  if (repeated && !import.meta.env.DEV) console.warn(repeated);
  return content;
}
