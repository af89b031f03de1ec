/** Pages that are fixed files in src/pages; a service or product may not take their address. */
export const fixedPageSlugs = ['AboutUs', 'Contact', 'OurProjects', 'OurServices', 'OurProducts', 'Clients', 'Insights', 'Search', 'Demo', 'menu'] as const;

/** What the site menu holds (src/pages/menu.astro), fetched by the menu as a visitor reaches for it. */
export const menuRoute = '/menu/';

/** The search page; `?q=` opens it with the results for a word (src/lib/search/). */
export const searchRoute = '/Search/';

/**
 * Problems with the addresses services and products claim by their file names: characters that do
 * not belong in an address, and an address claimed twice (letter case aside) or by a fixed page.
 */
export function routeSlugProblems(slugs: readonly string[]): string[] {
  const problems = slugs.filter((slug) => !/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(slug)).map((slug) => `"${slug}" cannot be a page address: rename the file using only letters, digits and hyphens.`);
  const seen = new Map<string, string[]>();
  for (const slug of [...fixedPageSlugs, ...slugs]) seen.set(slug.toLowerCase(), [...(seen.get(slug.toLowerCase()) ?? []), slug]);
  for (const claims of seen.values()) {
    if (claims.length > 1) problems.push(`The page address /${claims[0]}/ is claimed ${claims.length} times (${claims.join(', ')}): rename one of the files.`);
  }
  return problems;
}

/** The Projects page; its numbered pages, case studies and pages by service live below it. */
export const projectsRoute = '/OurProjects/';

export const servicesRoute = '/OurServices/';

/** How many cards each page of the Projects and Insights pages (and of their pages by service) shows. */
export const cardsPerPage = 12;

/** How many of its projects a service's page shows: one row; its page by service lists them all, so it stays light at any count. */
export const projectsOnServicePage = 3;

/** The projects of one service: /OurProjects/service/<service file name>/. */
export function projectsByServiceRoute(service: { id: string }): string {
  return `${projectsRoute}${projectListingSegments.byService}/${service.id}/`;
}

/** Where a project's case study is, or would be: /OurProjects/<file name>/. */
export function caseStudyPath(projectId: string): string {
  return `${projectsRoute}${projectId}/`;
}

/** Addresses inside a listing (/OurProjects/, /Insights/) that are pages of the listing itself: its pages by service. */
export const projectListingSegments = { byService: 'service' } as const;

/**
 * Problems with the addresses of the pages below a listing (case studies, articles): characters,
 * and the names the listing's own pages use (/OurProjects/2/, /OurProjects/service/…).
 */
export function slugBelowListingProblems(slugs: readonly string[], listing: { path: string; name: string }): string[] {
  return slugs.flatMap((slug) => {
    if (!/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(slug)) return [`"${slug}" cannot be a page address: rename the file using only letters, digits and hyphens.`];
    if (/^\d+$/.test(slug)) return [`"${slug}" is all digits, which the ${listing.name} page uses for its numbered pages (${listing.path}2/): rename the file, e.g. "${slug}-${listing.name.toLowerCase()}".`];
    if (slug.toLowerCase() === projectListingSegments.byService) return [`"${slug}" is the address of the ${listing.name.toLowerCase()}-by-service pages: rename the file.`];
    return [];
  });
}

/** Problems with the case studies' addresses (see slugBelowListingProblems). */
export const caseStudySlugProblems = (slugs: readonly string[]) => slugBelowListingProblems(slugs, { path: projectsRoute, name: 'Projects' });

/** A project's case study, /OurProjects/<file name>/, when it has one: only a project whose file has a body (its text) gets a page. */
export function caseStudyRoute(project: { id: string; body?: string }): string | undefined {
  return project.body?.trim() ? caseStudyPath(project.id) : undefined;
}

/** The page of a routed entry (a service or product): its file name is its path, `Cyber.mdx` → `/Cyber/`. */
export function routeOf(entry: { id: string }): string {
  return `/${entry.id}/`;
}

/** A product's demo request: a page of its own, out of the way of the product's and the contact page's addresses, which answer for their sub-trees. */
export const demoRoute = (product: { id: string }) => `/Demo/${product.id}/`;

/** The Insights page, newest article first; its numbered pages, articles, pages by service and feed live below it. */
export const insightsRoute = '/Insights/';

/** The full-content feed of the articles. */
export const insightsFeedRoute = `${insightsRoute}rss.xml`;

/** How many of its latest articles a service's page shows: one row, as with its projects. */
export const insightsOnServicePage = 3;

/** An article: /Insights/<file name>/. */
export function articleRoute(article: { id: string }): string {
  return `${insightsRoute}${article.id}/`;
}

/** The articles about one service: /Insights/service/<service file name>/. */
export function insightsByServiceRoute(service: { id: string }): string {
  return `${insightsRoute}${projectListingSegments.byService}/${service.id}/`;
}
