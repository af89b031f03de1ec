import { caseStudyRoute, projectsByServiceRoute, projectsPerPage, projectsRoute, routeOf } from '../content/routes.ts';
import { searchDescription } from '../publishing/search-description.ts';
import { caseStudyJsonLd } from '../publishing/structured-data.ts';
import { numberedPages } from './numbered-pages.ts';
import { pageText, pageWithSections, projectsOf, resolve, servicesWithProjects, sharedSections, type Project, type ProjectData, type SiteContent } from './content.ts';
import { pageFrame, type Link, type PageData } from './frame.ts';

/** A project's card, wherever it is shown: it leads to the case study when there is one, else to the live site. */
export interface ProjectCard<Image = unknown> {
  id: string;
  title: string;
  summary: string;
  year: number;
  image: ProjectData<Image>['image'];
  link: { href: string; external: boolean; text: string } | null;
  /** Site search finds the project on this card: it has no case study, and this is the Projects page. */
  searchable: boolean;
}

export function projectCard<Image>(project: Project<Image>): ProjectCard<Image> {
  const { title, summary, year, image, url } = project.data;
  const caseStudy = caseStudyRoute(project);
  const link = caseStudy
    ? { href: caseStudy, external: false, text: 'Read the case study' }
    : url
      ? { href: url, external: true, text: 'Visit the site' }
      : null;
  return { id: project.id, title, summary, year, image, link, searchable: false };
}

/** A project, with its client's words when it has them: every page that quotes a client takes the quote from its project. */
export interface ClientWords {
  project: { title: string; href: string };
  quote?: ProjectData<unknown>['quote'];
}

/** Where a project is shown whole: its case study, else its card, on its own numbered page of the Projects page. */
export function projectAddress(content: SiteContent, project: Project): string {
  const caseStudy = caseStudyRoute(project);
  if (caseStudy) return caseStudy;
  const pages = numberedPages(content.projects, { pageSize: projectsPerPage, path: projectsRoute, title: '', description: '' });
  return `${pages.find((page) => page.items.some((item) => item.id === project.id))!.path}#${project.id}`;
}

/** The client's words of each project, leading to the project (projectAddress); with `quotedOnly`, the projects without a quote are left out. */
export function clientWords(content: SiteContent, projects: Project[], { quotedOnly = false } = {}): ClientWords[] {
  return projects
    .filter((project) => !quotedOnly || project.data.quote)
    .map((project) => ({ project: { title: project.data.title, href: projectAddress(content, project) }, quote: project.data.quote }));
}

/** One numbered page of a list of projects. */
export interface ProjectListingPage<Image = unknown> extends PageData {
  projects: ProjectCard<Image>[];
  /** Where this page sits among the listing's numbered pages. */
  pagination: { current: number; last: number; previous?: string; next?: string };
  /** Links to the projects of each service, with the label above them (the Projects page only). */
  byService: { label: string; links: Link[] } | null;
}

/** The Projects page, 12 projects a page: /OurProjects/, /OurProjects/2/, … Each numbered page is a page of its own. */
export function projectListingPages<Image>(content: SiteContent<Image>): ProjectListingPage<Image>[] {
  const { title, subtitle, description } = pageText(content, 'projects');
  const { sections } = pageWithSections(content, 'projects');
  const byService = { label: sections.byService.eyebrow, links: servicesWithProjects(content).map((service) => ({ name: service.data.title, href: projectsByServiceRoute(service) })) };
  return numberedPages(content.projects, { pageSize: projectsPerPage, path: projectsRoute, title, description }).map((page) => ({
    ...pageFrame(content, { path: page.path, title: page.title, subtitle, description: page.description, parents: page.parents, crumb: page.crumb }),
    projects: page.items.map((project) => ({ ...projectCard(project), searchable: !caseStudyRoute(project) })),
    pagination: page.pagination,
    byService: byService.links.length > 0 ? byService : null,
  }));
}

/** The projects of each service that has some, /OurProjects/service/<service>/, 12 a page like the Projects page. */
export function projectsByServicePages<Image>(content: SiteContent<Image>): (ProjectListingPage<Image> & { service: string })[] {
  const listing = pageText(content, 'projects');
  return servicesWithProjects(content).flatMap((service) => {
    const { byService } = sharedSections(content, 'projects', service.data.title);
    const description = searchDescription(`${byService.title}: ${byService.intro}`);
    return numberedPages(projectsOf(content, service), { pageSize: projectsPerPage, path: projectsByServiceRoute(service), title: byService.title, description }).map((page) => ({
      ...pageFrame(content, {
        path: page.path,
        title: page.title,
        subtitle: byService.intro,
        description: page.description,
        parents: [{ name: listing.title, path: projectsRoute }, ...page.parents],
        crumb: page.crumb,
      }),
      service: service.id,
      projects: page.items.map(projectCard),
      pagination: page.pagination,
      byService: null,
    }));
  });
}

/** A case study: the project's story (its file's text), its facts, figures, pictures and its client's words. */
export interface CaseStudyPage<Image = unknown> extends PageData {
  project: Project<Image>;
  words: ReturnType<typeof pageWithSections<'projects'>>['sections'];
  client: { name: string; industry: string; href: string } | null;
  services: Link[];
  /** The card's picture first, then the gallery. */
  pictures: ProjectData<Image>['gallery'];
}

/** The case studies: one for every project whose file has a text, /OurProjects/<project>/. */
export function caseStudyPages<Image>(content: SiteContent<Image>): CaseStudyPage<Image>[] {
  const { sections: words } = pageWithSections(content, 'projects');
  const listing = pageText(content, 'projects');
  return content.projects.flatMap((project) => {
    const path = caseStudyRoute(project);
    if (!path) return [];
    const { title, summary, year, image, gallery } = project.data;
    const services = project.data.services.map((reference) => resolve(content.services, reference));
    const client = content.clients.find((entry) => entry.data.project.id === project.id);
    const description = searchDescription(summary);
    const structuredData = caseStudyJsonLd(content.site, {
      name: title,
      description,
      path,
      year,
      client: client?.data.name,
      services: services.map((service) => ({ name: service.data.title, path: routeOf(service) })),
    });
    return [
      {
        ...pageFrame(content, { path, title, subtitle: description, description, parents: [{ name: listing.title, path: projectsRoute }], structuredData: [structuredData], search: 'Project' }),
        project,
        words,
        client: client ? { name: client.data.name, industry: client.data.industry, href: `/Clients/#${client.id}` } : null,
        services: services.map((service) => ({ name: service.data.title, href: routeOf(service) })),
        pictures: [image, ...gallery],
      },
    ];
  });
}
