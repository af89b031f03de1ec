import type { Page, PaginateFunction } from 'astro';
import { cardsPerPage } from '../content/routes.ts';
import { searchDescription, withSuffix } from '../publishing/search-description.ts';
import type { Crumb } from '../publishing/structured-data.ts';
import { pageWithSections, sharedSections, type Service, type SiteContent } from './content.ts';
import { pageFrame, type HeroPictures, type Link } from './frame.ts';

/** A list of cards shown a page at a time: the Projects and Insights pages, and their pages by service. */
export interface Listing<Item> {
  title: string;
  subtitle: string;
  description: string;
  /** The pages above the listing in the breadcrumb. */
  parents: Crumb[];
  /** Name the cards and the links between pages for screen readers ("Projects", "Pages of projects"). */
  label: string;
  pagesLabel: string;
  items: Item[];
  /** The service of a page by service: its address's `[service]`. */
  service?: string;
  /** Links to the listing's pages by service, with the label above them (the Projects and Insights pages). */
  byService: { label: string; links: Link[] } | null;
  /** Beside its words, what it lists: two of its cards' pictures, or the service's drawing. */
  pictures: HeroPictures;
}

/**
 * A listing (its words in src/content/pages/<id>.md) and its pages by service, one for each service
 * it has cards of, at `byServiceRoute(service)`; `items()` gives every card, `items(service)` a service's.
 */
export function listingsOf<Item extends { picture?: HeroPictures['items'][number] }>(
  content: SiteContent,
  id: 'projects' | 'insights',
  { path, byServiceRoute, items, ...labels }: Pick<Listing<Item>, 'label' | 'pagesLabel'> & { path: string; byServiceRoute: (service: Service) => string; items: (service?: Service) => Item[] },
): { all: Listing<Item>; byService: Listing<Item>[] } {
  const { title, subtitle, description, sections } = pageWithSections(content, id);
  const services = content.services.filter((service) => items(service).length > 0);
  const links = services.map((service) => ({ name: service.data.title, href: byServiceRoute(service) }));
  // The same filters on every page of the listing, "All" first, the one in force marked (ByServiceLinks.astro).
  const byService = links.length ? { label: sections.byService.eyebrow, links: [{ name: 'All', href: path }, ...links] } : null;
  return {
    all: { title, subtitle, description, parents: [], ...labels, items: items(), byService, pictures: { items: items().flatMap((item) => item.picture ?? []).slice(0, 2), layout: 'stack' } },
    byService: services.map((service) => {
      const words = sharedSections(content, id, service.data.title).byService;
      const about = { title: words.title, subtitle: words.intro, description: searchDescription(`${words.title}: ${words.intro}`) };
      return { ...about, parents: [{ name: title, path }], ...labels, items: items(service), service: service.id, byService, pictures: { items: service.data.picture ? [service.data.picture] : [], layout: 'single' } };
    }),
  };
}

/**
 * The numbered pages of each listing, by Astro's paginate(): page 1 at the listing's own address,
 * page 2 of 5 at `<listing>2/`. A later page says where it is in its title and description (so no
 * two pages share them) and names the listing in its breadcrumb. An empty listing is still one page.
 */
export function listingPaths<Item>(content: SiteContent, paginate: PaginateFunction, listings: Listing<Item>[]) {
  return listings.flatMap((listing) =>
    paginate(listing.items, { pageSize: cardsPerPage, params: listing.service ? { service: listing.service } : {}, format: (url) => `${url}/` }).map(({ params, props }) => ({
      params,
      props: { page: numberedPage(content, listing, props.page) },
    })),
  );
}

/** One numbered page of a listing, from Astro's page of its cards. */
export function numberedPage<Item>(content: SiteContent, listing: Listing<Item>, { currentPage: current, lastPage: last, url, data }: Page<Item>) {
  const position = `page ${current} of ${last}`;
  return {
    ...pageFrame(content, {
      path: url.current,
      title: url.first ? `${listing.title}, ${position}` : listing.title,
      subtitle: listing.subtitle,
      description: url.first ? withSuffix(listing.description, ` (${position})`) : listing.description,
      parents: url.first ? [...listing.parents, { name: listing.title, path: url.first }] : listing.parents,
      crumb: url.first ? `Page ${current}` : undefined,
      pictures: listing.pictures,
    }),
    label: listing.label,
    items: data,
    byService: listing.byService,
    pagination: { label: listing.pagesLabel, current, last, previous: url.prev, next: url.next },
  };
}

/** One numbered page of a listing, as ListingLayout draws it. */
export type NumberedPage<Item> = ReturnType<typeof numberedPage<Item>>;
