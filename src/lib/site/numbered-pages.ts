import type { Page } from 'astro';
import type { Crumb } from '../publishing/structured-data.ts';
import { withSuffix } from '../publishing/search-description.ts';

/**
 * What one numbered page of a listing says about itself, from Astro's `paginate()` page: the first
 * page is the listing itself; page 2 of 5 says so in its title and description (so no two pages
 * share them), names the listing in its breadcrumb, and links its neighbours.
 */
export function numberedPage(page: Page, listing: { title: string; description: string; path: string }) {
  const first = page.currentPage === 1;
  const position = `page ${page.currentPage} of ${page.lastPage}`;
  // Astro writes the neighbours' addresses without the final slash; each page's own address has one.
  const withSlash = (address: string | undefined) => address && address.replace(/\/?$/, '/');
  return {
    title: first ? listing.title : `${listing.title}, ${position}`,
    description: first ? listing.description : withSuffix(listing.description, ` (${position})`),
    /** The listing's first page, for the breadcrumb of the pages after it. */
    parents: (first ? [] : [{ name: listing.title, path: listing.path }]) satisfies Crumb[],
    breadcrumb: first ? listing.title : `Page ${page.currentPage}`,
    pagination: { current: page.currentPage, last: page.lastPage, previous: withSlash(page.url.prev), next: withSlash(page.url.next) },
  };
}
