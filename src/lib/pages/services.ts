import { projectsByServiceRoute, projectsOnServicePage, routeOf } from '../content/routes.ts';
import { contactAbout } from '../contact/addresses.ts';
import { aboutService, personOf, sharedSections, type Service, type SiteContent } from './content.ts';
import { pageFrame } from './frame.ts';
import { clientWords, projectCard } from './projects.ts';
import { latestInsights } from './insights.ts';

/** A service's page: what it is (its file's text), what the client gets, how the work runs, and recent work. */
export function servicePage<Image>(content: SiteContent<Image>, service: Service<Image>) {
  const { title, subtitle, summary, description, picture } = service.data;
  const projects = aboutService(content.projects, service);
  const { byService } = sharedSections(content, 'projects', title);
  return {
    ...pageFrame(content, {
      path: routeOf(service),
      title,
      subtitle,
      description: description ?? summary,
      search: 'Service',
      pictures: picture && { items: [picture], layout: 'single' },
    }),
    service,
    /** The headings every service page shares, with this service's name in them. */
    words: sharedSections(content, 'services', title),
    /** Its first projects (one row of cards), and the link to all of them; null when it has none. */
    relatedWork: projects.length > 0 ? { projects: projects.slice(0, projectsOnServicePage).map(projectCard), all: { href: projectsByServiceRoute(service), text: byService.link } } : null,
    /** Its latest articles (one row), and the link to all of them; null when none is about it. */
    insights: latestInsights(content, service),
    testimonials: clientWords(content, projects, { quotedOnly: true }),
    /** Who leads the work, with their certifications, beside what the client gets. */
    people: service.data.people.map((reference) => personOf(content, reference)),
    /** The hero's button: the contact form, its subject filled in with this service. */
    enquiry: { label: 'Talk to us', href: contactAbout(title) },
  };
}

export type ServicePage<Image = unknown> = ReturnType<typeof servicePage<Image>>;
