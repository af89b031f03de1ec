import { caseStudySlugProblems, caseStudyRoute, routeSlugProblems } from '../content/routes.ts';
import { referenceProblems, type SiteContent } from './content.ts';
import { aboutPage, clientsPage, contactPage, homePage, productsPage, servicesPage } from './fixed-pages.ts';
import type { PageData } from './frame.ts';
import { productPage } from './products.ts';
import { caseStudyPages, projectListingPages, projectsByServicePages } from './projects.ts';
import { servicePage } from './services.ts';

/**
 * What stops a build before any page is made: a reference to a file that does not exist, and a
 * page address that cannot be one or is claimed twice. One sentence each, naming the file.
 */
export function contentProblems(content: SiteContent): string[] {
  const routed = [...content.services, ...content.products].map((entry) => entry.id);
  const caseStudies = content.projects.filter((project) => caseStudyRoute(project)).map((project) => project.id);
  return [
    ...referenceProblems(content),
    ...routeSlugProblems(routed).map((problem) => `Service and product files (src/content/services, src/content/products): ${problem}`),
    ...caseStudySlugProblems(caseStudies).map((problem) => `Project files with a case study (src/content/projects): ${problem}`),
  ];
}

/**
 * Every page a search engine should find (the sitemap's), with its data, in the order the site
 * presents them: the fixed pages, each service and product, the clients, the case studies and the
 * projects by service. Tests take every page, title and address from here.
 */
export function sitePages<Image>(content: SiteContent<Image>): PageData[] {
  const [projects, ...numbered] = projectListingPages(content);
  return [
    homePage(content),
    aboutPage(content),
    contactPage(content),
    projects!,
    servicesPage(content),
    productsPage(content),
    ...content.services.map((service) => servicePage(content, service)),
    ...content.products.map((product) => productPage(content, product)),
    clientsPage(content),
    ...numbered,
    ...caseStudyPages(content),
    ...projectsByServicePages(content),
  ];
}
