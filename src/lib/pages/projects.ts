import { cardsPerPage, caseStudyRoute, projectsByServiceRoute, projectsRoute, routeOf } from '../content/routes.ts';
import { searchDescription } from '../publishing/search-description.ts';
import { listingsOf } from './listings.ts';
import { aboutService, pageWithSections, resolve, type Project, type Service, type SiteContent } from './content.ts';
import { pageFrame } from './frame.ts';

/** What a project's card and case study say when there is no public site to visit. */
export const privateSystem = 'Private system: no public site to visit.';

/** A project's card, wherever it is shown: it leads to the case study when there is one, else to the live site, else says it is private. */
export function projectCard<Image>(project: Project<Image>) {
  const { title, summary, year, image, url } = project.data;
  const caseStudy = caseStudyRoute(project);
  const link = caseStudy ? { href: caseStudy, external: false, text: 'Read the case study' } : url ? { href: url, external: true, text: 'Visit the site' } : null;
  return { id: project.id, title, summary, year, picture: image, link, note: link ? null : privateSystem };
}

export type ProjectCard<Image = unknown> = ReturnType<typeof projectCard<Image>>;

/** Where a project is shown whole: its case study, else its card, on the numbered page of the Projects page its place in the list puts it on. */
export function projectAddress(content: SiteContent, project: Project): string {
  const page = Math.floor(content.projects.findIndex((entry) => entry.id === project.id) / cardsPerPage) + 1;
  return caseStudyRoute(project) ?? `${projectsRoute}${page > 1 ? `${page}/` : ''}#${project.id}`;
}

/**
 * The client's words of each project, leading to the project (projectAddress): every page that
 * quotes a client takes the quote from its project. With `quotedOnly`, those without one are left out.
 */
export function clientWords(content: SiteContent, projects: Project[], { quotedOnly = false } = {}) {
  return projects.filter((project) => !quotedOnly || project.data.quote).map((project) => ({ project: { title: project.data.title, href: projectAddress(content, project) }, quote: project.data.quote }));
}

export type ClientWords = ReturnType<typeof clientWords>[number];

/** The Projects page, every project's card in the editors' order, and the projects of each service, /OurProjects/service/<service>/. */
export function projectListings<Image>(content: SiteContent<Image>) {
  const items = (service?: Service) => (service ? aboutService(content.projects, service) : content.projects).map(projectCard);
  return listingsOf(content, 'projects', { path: projectsRoute, byServiceRoute: projectsByServiceRoute, items, label: 'Projects', pagesLabel: 'Pages of projects' });
}

/** The case studies, /OurProjects/<project>/, one for every project whose file has a text: the project's story, its facts, figures, pictures and its client's words. */
export function caseStudyPages<Image>(content: SiteContent<Image>) {
  const { title: listingTitle, sections: words } = pageWithSections(content, 'projects');
  const studies = content.projects.filter((project) => caseStudyRoute(project));
  /** The case study `offset` places away in the Projects page's order, round to the other end. */
  const neighbour = (project: Project<Image>, offset: number) => {
    const other = studies[(studies.indexOf(project) + offset + studies.length) % studies.length]!;
    return other === project ? null : { title: other.data.title, href: caseStudyRoute(other)! };
  };
  return studies.map((project) => {
    const path = caseStudyRoute(project)!;
    const { title, summary, image, gallery } = project.data;
    const services = project.data.services.map((reference) => resolve(content.services, reference));
    const client = content.clients.find((entry) => entry.data.project.id === project.id);
    const description = searchDescription(summary);
    return {
      ...pageFrame(content, { path, title, subtitle: description, description, parents: [{ name: listingTitle, path: projectsRoute }], search: 'Project', pictures: { items: [image], layout: 'single', onPhones: true } }),
      project,
      words,
      client: client ? { name: client.data.name, industry: client.data.industry, href: `/Clients/#${client.id}` } : null,
      services: services.map((service) => ({ name: service.data.title, href: routeOf(service) })),
      /** Its pictures besides the card's, which opens the page. */
      pictures: gallery,
      /** Where a reader goes on: the case studies before and after this one. */
      previous: neighbour(project, -1),
      next: neighbour(project, 1),
    };
  });
}

export type CaseStudyPage<Image = unknown> = ReturnType<typeof caseStudyPages<Image>>[number];
