import type { Thing, WithContext } from 'schema-dts';
import { contactPagePath } from '../contact/addresses.ts';
import { routeOf, searchRoute } from '../content/routes.ts';
import { pageTitle } from '../publishing/page-title.ts';
import { socialImage } from '../publishing/social-image.ts';
import { breadcrumbJsonLd, companyPagePaths, organizationJsonLd, webSiteJsonLd, type Crumb } from '../publishing/structured-data.ts';
import { brandedName } from '../site/config.ts';
import { pageWithSections, type SiteContent } from './content.ts';
import type { SearchKind } from '../search/kinds.ts';

export interface Link {
  name: string;
  href: string;
}

/** The band that ends most pages: "Have a project in mind? Let's talk about it.", and where its button leads. */
export type CallToActionWords = ReturnType<typeof pageWithSections<'contact'>>['sections']['callToAction'] & { href: string };

/**
 * The page's own pictures beside its hero's words: one framed, or a `stack` of two side by side;
 * `onPhones` when they are its content (an article's cover), else from large screens only.
 */
export interface HeroPictures {
  items: { src: unknown; alt: string }[];
  layout: 'single' | 'stack' | 'tiles';
  onPhones?: boolean;
}

/** What describes one page, from which its frame is made. */
export interface PageSpec {
  path: string;
  title: string;
  subtitle: string;
  description: string;
  /** The pages between Home and this one, such as Projects above a case study. */
  parents?: Crumb[];
  /** A shorter name for the breadcrumb, when the title is long. */
  crumb?: string;
  /** The home page has no breadcrumb trail to show, only its JSON-LD. */
  isHome?: boolean;
  /** An h1 other than the title (the home page's headline; its title is the company's tagline). */
  heroTitle?: string;
  noindex?: boolean;
  /** Ends the page with the band inviting contact (not on the contact page, the 404 or the form's outcome pages), or with a band of its own (a product's demo request). */
  callToAction?: boolean | CallToActionWords;
  /** More JSON-LD about what the page presents (a Service, a SoftwareApplication). */
  structuredData?: WithContext<Thing>[];
  /** The kind of page site search finds it as; a page without one is not in the search index. */
  search?: SearchKind;
  pictures?: HeroPictures;
}

/** The frame of one page: what its <head> says, its hero, breadcrumb, closing band and footer. */
export function pageFrame(content: SiteContent, spec: PageSpec) {
  const { site } = content;
  const parents = spec.parents ?? [];
  const current = spec.crumb ?? spec.title;
  const trail: Crumb[] = spec.isHome ? [{ name: 'Home', path: '/' }] : [{ name: 'Home', path: '/' }, ...parents, { name: current, path: spec.path }];
  const aboutTheSite = [...(companyPagePaths.includes(spec.path) ? [organizationJsonLd(site)] : []), ...(spec.isHome ? [webSiteJsonLd(site, searchRoute)] : [])];
  return {
    head: {
      /** The page's address on the site, such as `/Cyber/`. */
      path: spec.path,
      /** The browser tab's title: the page's, then the company's. */
      documentTitle: pageTitle(spec.title, site.companyName),
      description: spec.description,
      noindex: spec.noindex ?? false,
      canonical: new URL(spec.path, site.url).href,
      socialImage: new URL(socialImage.path, site.url).href,
      /** The company (on the pages that describe it), the site and its search (home), the breadcrumb, and what the page presents. */
      jsonLd: [...aboutTheSite, breadcrumbJsonLd(site, trail), ...(spec.structuredData ?? [])],
      /** What site search calls the page (Service, Article…); null for a page search leaves out. */
      searchKind: spec.search ?? null,
    },
    /** The h1 and the line under it. */
    hero: { title: spec.heroTitle ?? spec.title, subtitle: spec.subtitle, pictures: spec.pictures },
    /** The trail under the hero (every page but home): the pages above this one, and this one's name. */
    breadcrumb: spec.isHome ? null : { parents, current },
    /** The band inviting contact at the end of the page, if it has one. */
    callToAction: typeof spec.callToAction === 'object' ? spec.callToAction : spec.callToAction === false ? null : { ...pageWithSections(content, 'contact').sections.callToAction, href: contactPagePath },
    /** The footer: every service and product, and the years of the copyright. */
    footer: {
      ...servicesAndProducts(content),
      /** From the founding year to the year of the build ("2017–2026"), so that it never goes stale. */
      copyrightYears: [...new Set([site.foundedYear, content.builtAt.getFullYear()])].join('–'),
    },
  };
}

/** Every service and product by name, for the footer and the menu. */
export function servicesAndProducts({ site, services, products }: SiteContent): { services: Link[]; products: Link[] } {
  return {
    services: services.map((service) => ({ name: service.data.title, href: routeOf(service) })),
    products: products.map((product) => ({ name: brandedName(site, product.data.name), href: routeOf(product) })),
  };
}

/** What every page has around its own content. */
export type PageData = ReturnType<typeof pageFrame>;
