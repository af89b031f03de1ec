import { countInWords } from '../content/placeholders.ts';
import { caseStudyRoute, routeOf, searchRoute, servicesRoute } from '../content/routes.ts';
import { brandedName } from '../site/config.ts';
import { pageText, pageWithSections, personOf, resolve, type SiteContent } from './content.ts';
import { pageFrame, type PageData, type PageSpec } from './frame.ts';
import { clientWords, projectAddress } from './projects.ts';
import { siteIndex } from '../search/site-index.ts';

// The pages with a fixed address (src/pages/*.astro): their words from src/content/pages/, their
// lists from the collections.

/** A card of a listing: a service, a product, a value. */
export interface CardData {
  title: string;
  href?: string;
  icon: string;
  text: string;
}

export function homePage<Image>(content: SiteContent<Image>) {
  const { site } = content;
  const home = pageWithSections(content, 'home');
  const pos = content.products.find((product) => product.id === 'IPOS');
  if (!pos) throw new Error('The home page needs the point-of-sale product: src/content/products/IPOS.mdx is missing.');
  const posVariants = pos.data.variants.map((reference) => resolve(content.productVariants, reference));
  const featured = content.services.filter((service) => service.data.onHome);
  // The editors' choice of projects, else the first three case studies with figures.
  const chosen = home.results?.map((reference) => resolve(content.projects, reference)) ?? content.projects.filter((project) => caseStudyRoute(project) && project.data.figures.length).slice(0, 3);
  const results = chosen.map((project) => {
    const [figure] = project.data.figures;
    if (!figure) throw new Error(`src/content/pages/home.md: "results" names "${project.id}", which has no figures: give it one under Projects, or choose another project.`);
    const client = content.clients.find((entry) => entry.data.project.id === project.id);
    return { ...figure, client: client?.data.name ?? project.data.title, href: projectAddress(content, project) };
  });
  const screen = pos.data.screen ? [pos.data.screen] : [];
  return {
    ...pageFrame(content, {
      path: '/',
      title: `${site.companyName}: IT services and software, Sydney`,
      heroTitle: home.title,
      subtitle: home.subtitle,
      description: home.description,
      isHome: true,
      // What we make, side by side: the first result's project and the point of sale's screen.
      pictures: { items: [...chosen.slice(0, 1).map((project) => project.data.image), ...screen], layout: 'stack' },
    }),
    sections: home.sections,
    /** Above the headline: what the company does, for whom, and where, from the company details. */
    lead: { what: site.tagline, where: site.location },
    /** Proof in the first screen: clients' results, each leading to its case study. */
    results,
    pos: { name: brandedName(site, pos.data.name), href: routeOf(pos), summary: pos.data.summary },
    services: featured.map((service) => ({ title: service.data.title, href: routeOf(service), icon: service.data.icon, text: service.data.summary }) satisfies CardData),
    // The home page shows the services marked "on the home page"; the words under them name how many
    // there are in all, so a count never disagrees with the cards above it.
    allServices: featured.length < content.services.length ? { label: `See all ${countInWords(content.services.length)} services`, href: servicesRoute } : null,
    posVariants: content.productVariants.filter((variant) => posVariants.includes(variant)).map((variant) => ({ title: variant.data.name, href: routeOf(pos), icon: variant.data.icon, text: variant.data.summary }) satisfies CardData),
    clients: content.clients,
    /** A row of clients' words under their logos. */
    testimonials: clientWords(content, content.projects, { quotedOnly: true }).slice(0, 3),
  };
}

export function aboutPage<Image>(content: SiteContent<Image>) {
  const page = pageWithSections(content, 'about');
  const { mission, vision } = page;
  if (!mission || !vision) throw new Error('src/content/pages/about.md needs both "mission" and "vision": add the missing one.');
  return {
    ...pageFrame(content, { path: '/AboutUs/', ...page, search: 'Company' }),
    sections: page.sections,
    mission,
    vision,
    values: content.values.map((value) => ({ title: value.data.title, icon: value.data.icon, text: value.data.text }) satisfies CardData),
    team: content.team.map((member) => personOf(content, member)),
  };
}

export function contactPage(content: SiteContent) {
  const page = pageWithSections(content, 'contact');
  return { ...pageFrame(content, { path: '/Contact/', ...page, callToAction: false }), sections: page.sections };
}

/** A listing page (Services, Products): its hero text and a card for each entry, `label` naming the list for screen readers. */
export function servicesPage(content: SiteContent) {
  return {
    ...pageFrame(content, { path: servicesRoute, ...pageText(content, 'services'), pictures: { items: content.services.flatMap((service) => service.data.picture ?? []).slice(0, 2), layout: 'stack' } }),
    label: 'Services',
    cards: content.services.map((service) => ({ title: service.data.title, href: routeOf(service), icon: service.data.icon, text: service.data.summary })),
  };
}

export function productsPage<Image>(content: SiteContent<Image>) {
  return {
    ...pageFrame(content, { path: '/OurProducts/', ...pageText(content, 'products'), pictures: { items: content.products.flatMap((product) => product.data.screen ?? []).slice(0, 2), layout: 'stack' } }),
    label: 'Products',
    /** Each product's card, with its first drawing (of a feature, else of an audience). */
    products: content.products.map((product) => ({
      title: brandedName(content.site, product.data.name),
      href: routeOf(product),
      icon: product.data.icon,
      text: product.data.summary,
      picture: [...product.data.features, ...product.data.audiences].find((part) => part.picture)?.picture,
    })),
  };
}

/** Every client, with the work we did and a link to its case study, else its card on the Projects page. */
export function clientsPage<Image>(content: SiteContent<Image>) {
  return {
    ...pageFrame(content, { path: '/Clients/', ...pageText(content, 'clients'), search: 'Company' }),
    label: 'Clients',
    clients: content.clients.map((client) => {
      const project = resolve(content.projects, client.data.project);
      return {
        id: client.id,
        name: client.data.name,
        logo: client.data.logo,
        industry: client.data.industry,
        work: client.data.work,
        link: { href: projectAddress(content, project), text: caseStudyRoute(project) ? 'Read the case study' : 'See the project' },
      };
    }),
  };
}

/** The pages that are not content: the 404 page and the contact form's outcomes. Their words are part of the site's design. */
export function notFoundPage(content: SiteContent) {
  return {
    ...pageFrame(content, {
      path: '/404/',
      title: 'Page not found',
      subtitle: 'The page you asked for is not here. It may have moved, or the address may have a typo.',
      description: `The page you were looking for could not be found on the ${content.site.companyName} website.`,
      callToAction: false,
    }),
    links: content.site.navigation.filter((link) => link.href !== '/'),
  };
}

/** A page a sent form leads to: kept out of search engines, with no invitation to write again. */
const formOutcomePage = (content: SiteContent, words: Pick<PageSpec, 'path' | 'title' | 'subtitle' | 'description'>): PageData => pageFrame(content, { ...words, noindex: true, callToAction: false });

export const messageSentPage = (content: SiteContent) =>
  formOutcomePage(content, { path: '/MessageSent/', title: 'Message sent', subtitle: 'Thank you: your message has arrived. A senior member of the team will reply within one business day.', description: `Your message to ${content.site.companyName} has arrived.` });

export const messageNotSentPage = (content: SiteContent) =>
  formOutcomePage(content, { path: '/MessageNotSent/', title: 'Message not sent', subtitle: 'Your message has not been sent yet. Here is what needs changing.', description: 'Your message could not be sent.' });

/** The search page: its frame, and the site index it shows to a visitor without JavaScript (and under the results). */
export function searchPage(content: SiteContent) {
  return {
    ...pageFrame(content, {
      path: searchRoute,
      title: 'Search',
      subtitle: `Find a service, product, project or article by a word in it. Every page of the site is listed below.`,
      description: `Search the ${content.site.companyName} website: services, products, projects and articles.`,
    }),
    index: siteIndex(content),
  };
}
