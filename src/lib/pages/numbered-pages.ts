import type { Crumb } from '../publishing/structured-data.ts';
import { withSuffix } from '../publishing/search-description.ts';

/**
 * A listing split into pages of `pageSize`: the first is the listing itself, at its own address;
 * page 2 of 5, at `<listing>2/`, says so in its title and description (so no two pages share them),
 * names the listing in its breadcrumb, and links its neighbours. An empty listing is still one page.
 */
export function numberedPages<Item>(items: readonly Item[], listing: { pageSize: number; path: string; title: string; description: string }) {
  const last = Math.max(1, Math.ceil(items.length / listing.pageSize));
  const pathOf = (number: number) => (number === 1 ? listing.path : `${listing.path}${number}/`);
  return Array.from({ length: last }, (_, index) => {
    const current = index + 1;
    const first = current === 1;
    const position = `page ${current} of ${last}`;
    return {
      path: pathOf(current),
      items: items.slice(index * listing.pageSize, current * listing.pageSize),
      title: first ? listing.title : `${listing.title}, ${position}`,
      description: first ? listing.description : withSuffix(listing.description, ` (${position})`),
      parents: first ? [] : [{ name: listing.title, path: listing.path } satisfies Crumb],
      crumb: first ? listing.title : `Page ${current}`,
      pagination: { current, last, previous: first ? undefined : pathOf(current - 1), next: current === last ? undefined : pathOf(current + 1) },
    };
  });
}
