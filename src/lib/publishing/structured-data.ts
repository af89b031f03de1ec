import type { BlogPosting, BreadcrumbList, Organization, SearchAction, Thing, WebSite, WithContext } from 'schema-dts';
import type { SiteConfig } from '../site/config.ts';
import { socialImage } from './social-image.ts';

// JSON-LD for search engines, built from the site config and the content, so it can never say
// something the page does not: the company, the site and its search, each page's breadcrumb, and
// the articles, the kinds search engines show. Typed with schema-dts: a wrong property fails `npm run check`.

export interface Crumb {
  name: string;
  /** A site path such as `/Cyber/`. */
  path: string;
}

const absolute = (site: Pick<SiteConfig, 'url'>, path: string) => new URL(path, site.url).href;

/** The company's identifier, so every page and article can point to it. */
export const organizationId = (site: Pick<SiteConfig, 'url'>) => absolute(site, '/#organization');

/** The pages that describe the company carry its full Organization; every other page refers to it by its @id, and stays lighter. */
export const companyPagePaths: readonly string[] = ['/', '/AboutUs/', '/Contact/'];

/** The company: name, founding year, address, e-mail, phone and its two social profiles. */
export function organizationJsonLd(site: Pick<SiteConfig, 'url' | 'companyName' | 'description' | 'foundedYear' | 'address' | 'email' | 'phone' | 'social'>): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(site),
    name: site.companyName,
    url: absolute(site, '/'),
    description: site.description,
    foundingDate: String(site.foundedYear),
    email: site.email,
    telephone: site.phone.dial,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.suburb,
      addressRegion: site.address.state,
      postalCode: site.address.postcode,
      addressCountry: 'AU',
    },
    sameAs: site.social.map((profile) => profile.href),
  };
}

/** The site, on the home page: its name, publisher and search (opened with the results for `?q=`), so a search engine can offer a search box. */
export function webSiteJsonLd(site: Pick<SiteConfig, 'url' | 'companyName'>, searchPath: string): WithContext<WebSite> {
  const search: SearchAction & { 'query-input': string } = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${absolute(site, searchPath)}?q={search_term_string}` },
    'query-input': 'required name=search_term_string',
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: site.companyName,
    url: absolute(site, '/'),
    publisher: { '@id': organizationId(site) },
    potentialAction: search,
  };
}

/** The breadcrumb trail a page shows (Home, then the page), as a BreadcrumbList. */
export function breadcrumbJsonLd(site: Pick<SiteConfig, 'url'>, crumbs: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(site, crumb.path),
    })),
  };
}

/** An article: written by a team member for the company, about services, its picture the site's social image (a JPEG search engines accept). */
export function blogPostingJsonLd(
  site: Pick<SiteConfig, 'url'>,
  article: { headline: string; description: string; path: string; published: string; updated?: string; author: { name: string; role: string }; about: { name: string; path: string }[] },
): WithContext<BlogPosting> {
  const url = absolute(site, article.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.headline,
    description: article.description,
    url,
    mainEntityOfPage: url,
    image: absolute(site, socialImage.path),
    datePublished: article.published,
    dateModified: article.updated ?? article.published,
    author: { '@type': 'Person', name: article.author.name, jobTitle: article.author.role, worksFor: { '@id': organizationId(site) } },
    publisher: { '@id': organizationId(site) },
    about: article.about.map((service) => ({ '@type': 'Service', name: service.name, url: absolute(site, service.path) })),
  };
}

/** The text of a `<script type="application/ld+json">`, `<` escaped so no value can close the element early. */
export function jsonLdText(data: WithContext<Thing> | WithContext<Thing>[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
