import { projectsByServiceRoute, projectsOnServicePage, routeOf } from '../content/routes.ts';
import { contactAbout } from '../contact/addresses.ts';
import { faqPageJsonLd, serviceJsonLd } from '../publishing/structured-data.ts';
import { aboutService, sharedSections, type Service, type SiteContent } from './content.ts';
import { pageFrame, type PageData } from './frame.ts';
import { clientWords, projectCard, type ClientWords, type ProjectCard } from './projects.ts';
import { latestInsights } from './insights.ts';

/** A service's page: what it is (its file's text), what the client gets, how the work runs, and recent work. */
export interface ServicePage<Image = unknown> extends PageData {
  service: Service;
  /** The headings every service page shares, with this service's name in them. */
  words: ReturnType<typeof sharedSections<'services'>>;
  /** Its first projects (one row of cards), and the link to all of them; null when it has none. */
  relatedWork: { projects: ProjectCard<Image>[]; all: { href: string; text: string } } | null;
  /** Its latest articles (one row), and the link to all of them; null when none is about it. */
  insights: ReturnType<typeof latestInsights>;
  /** What the clients of its projects said. */
  testimonials: ClientWords[];
  /** The hero's button: the contact form, its subject filled in with this service. */
  enquiry: { label: string; href: string };
}

export function servicePage<Image>(content: SiteContent<Image>, service: Service): ServicePage<Image> {
  const { title, subtitle, summary, description } = service.data;
  const pageDescription = description ?? summary;
  const projects = aboutService(content.projects, service);
  const { byService } = sharedSections(content, 'projects', title);
  return {
    ...pageFrame(content, {
      path: routeOf(service),
      title,
      subtitle,
      description: pageDescription,
      search: 'Service',
      structuredData: [
        serviceJsonLd(content.site, { name: title, description: pageDescription, path: routeOf(service) }),
        ...(service.data.questions.length ? [faqPageJsonLd(content.site, routeOf(service), service.data.questions)] : []),
      ],
    }),
    service,
    words: sharedSections(content, 'services', title),
    relatedWork: projects.length > 0 ? { projects: projects.slice(0, projectsOnServicePage).map(projectCard), all: { href: projectsByServiceRoute(service), text: byService.link } } : null,
    insights: latestInsights(content, service),
    testimonials: clientWords(content, projects, { quotedOnly: true }),
    enquiry: { label: 'Talk to us', href: contactAbout(title) },
  };
}
