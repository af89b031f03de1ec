import { projectsByServiceRoute, projectsOnServicePage, routeOf } from '../content/routes.ts';
import { serviceJsonLd } from '../publishing/structured-data.ts';
import { projectsOf, sharedSections, type Service, type SiteContent } from './content.ts';
import { pageFrame, type PageData } from './frame.ts';
import { projectCard, type ProjectCard } from './projects.ts';

/** A service's page: what it is (its file's text), what the client gets, how the work runs, and recent work. */
export interface ServicePage<Image = unknown> extends PageData {
  service: Service;
  /** The headings every service page shares, with this service's name in them. */
  words: ReturnType<typeof sharedSections<'services'>>;
  /** Its first projects (one row of cards), and the link to all of them; null when it has none. */
  relatedWork: { projects: ProjectCard<Image>[]; all: { href: string; text: string } } | null;
}

export function servicePage<Image>(content: SiteContent<Image>, service: Service): ServicePage<Image> {
  const { title, subtitle, summary, description } = service.data;
  const pageDescription = description ?? summary;
  const projects = projectsOf(content, service);
  const { byService } = sharedSections(content, 'projects', title);
  return {
    ...pageFrame(content, {
      path: routeOf(service),
      title,
      subtitle,
      description: pageDescription,
      structuredData: [serviceJsonLd(content.site, { name: title, description: pageDescription, path: routeOf(service) })],
    }),
    service,
    words: sharedSections(content, 'services', title),
    relatedWork: projects.length > 0 ? { projects: projects.slice(0, projectsOnServicePage).map(projectCard), all: { href: projectsByServiceRoute(service), text: byService.link } } : null,
  };
}
