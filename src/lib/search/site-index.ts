import type { CustomRecord } from 'pagefind';
import { articleRoute, caseStudyRoute, routeOf } from '../content/routes.ts';
import { brandedName } from '../site/config.ts';
import { pageText, type SiteContent } from '../pages/content.ts';
import { projectAddress, projectCard } from '../pages/projects.ts';
import { searchKinds, type SearchKind } from './kinds.ts';

/** Every page search indexes, by kind, in the order the site lists them: what the search page lists without JavaScript, and what search finds. */
export function siteIndex(content: SiteContent) {
  const pages = {
    Service: content.services.map((service) => ({ title: service.data.title, href: routeOf(service), summary: service.data.summary })),
    Product: content.products.map((product) => ({ title: brandedName(content.site, product.data.name), href: routeOf(product), summary: product.data.summary })),
    Project: content.projects.map((project) => ({ title: project.data.title, href: projectAddress(content, project), summary: project.data.summary })),
    Article: content.insights.map((article) => ({ title: article.data.title, href: articleRoute(article), summary: article.data.summary })),
    Company: Object.entries({ about: '/AboutUs/', clients: '/Clients/' }).map(([page, href]) => ({ title: pageText(content, page).title, href, summary: pageText(content, page).description })),
  } satisfies Record<SearchKind, { title: string; href: string; summary: string }[]>;
  return searchKinds.map((kind) => ({ kind, pages: pages[kind] })).filter((group) => group.pages.length > 0);
}

/** The projects with no case study, each a search result of its own leading to its card: records the index step adds (src/integrations/search-index.ts). */
export function cardRecords(content: SiteContent): CustomRecord[] {
  // Each in the words its card shows (ProjectCard.astro), in Pagefind's name for the language every page declares (BaseLayout.astro's en-AU), so that the cards join the pages' index.
  return content.projects
    .filter((project) => !caseStudyRoute(project))
    .map((project) => {
      const { title, year, summary, link, note } = projectCard(project);
      return { url: projectAddress(content, project), content: `${title}. Delivered ${year}. ${summary} ${link?.text ?? note}`, language: 'en-au', meta: { title, kind: 'Project' }, filters: { kind: ['Project'] } };
    });
}
