import { describe, expect, it } from 'vitest';
import type { SiteContent } from '../../src/lib/pages/content.ts';
import { numberedPage } from '../../src/lib/pages/listings.ts';
import { projectCard, projectListings } from '../../src/lib/pages/projects.ts';
import { contentProblems } from '../../src/lib/pages/content-problems.ts';
import { cardRecords, siteIndex } from '../../src/lib/search/site-index.ts';
import { validSite } from '../support/fixtures.ts';

// The page data the build renders (src/lib/pages/), made from small content written here, with
// the expected pages written out, as Starlight tests its route data.

type Fixture = SiteContent<string>;

/** A project of the fixture: with a text (so a case study), a live site, or neither. */
function project(id: string, { services = ['Web'], body = '', url, order = 100 }: { services?: string[]; body?: string; url?: string; order?: number } = {}): Fixture['projects'][number] {
  const data = { title: `Project ${id}`, summary: 'What we built for them.', image: { src: 'picture.svg', alt: 'A picture' }, services: services.map((service) => ({ id: service, collection: 'services' })), year: 2024, figures: [], technologies: [], gallery: [], order, url };
  return { id, body, filePath: `src/content/projects/${id}.md`, data: data as never };
}

const page = (id: string, title: string, subtitle: string, description: string, sections?: object) => ({ id, filePath: `src/content/pages/${id}.md`, data: { title, subtitle, description, sections } }) as never;

function content(projects: Fixture['projects']): Fixture {
  const pages = [
    page('projects', 'Our projects', 'What we built.', 'Everything we built, for whom and what changed for them, project by project.', {
      facts: { title: 'The facts' },
      figures: { eyebrow: 'Results', title: 'In figures' },
      gallery: { eyebrow: 'Pictures', title: 'The work' },
      quote: { title: 'In their words' },
      byService: { eyebrow: 'By service', title: '{service} projects', intro: 'Every {service} project we have delivered, newest first.', link: 'All {service} projects' },
    }),
    // The contact page: its words end every other page.
    page('contact', 'Contact us', 'Tell us about your project.', 'Write to us, call us or send the form: we reply within one business day, every time.', {
      details: { eyebrow: 'Talk to us', title: 'Where to find us' },
      social: { title: 'Follow us' },
      form: { title: 'Send us a message', intro: 'All fields are required.' },
      nextSteps: { title: 'What happens next', steps: ['We reply within a day.'] },
      demoSteps: { title: 'What happens next for a demo', steps: ['We call to find a time.'] },
      callToAction: { title: 'Have a project in mind?', accent: 'Let’s talk about it.', button: 'Contact us' },
    }),
  ];
  const services = [{ id: 'Web', data: { title: 'Web builds' } as never }, { id: 'Security', data: { title: 'Security reviews' } as never }];
  return { pages, services, projects, products: [], productVariants: [], clients: [], team: [], values: [], insights: [], site: validSite, builtAt: new Date('2026-11-25') };
}

it('a project card leads to its case study when the project has a text, else to its live site, else nowhere', () => {
  expect(projectCard(project('with-text', { body: '## The challenge', url: 'https://example.org' })).link).toEqual({ href: '/OurProjects/with-text/', external: false, text: 'Read the case study' });
  expect(projectCard(project('live', { url: 'https://example.org' })).link).toEqual({ href: 'https://example.org', external: true, text: 'Visit the site' });
  expect(projectCard(project('neither')).link).toBeNull();
});

it('numbered pages say where they are, after the first, and link to their neighbours', () => {
  const listing = projectListings(content([project('p0')])).all;
  const url = { current: '/OurProjects/2/', first: '/OurProjects/', prev: '/OurProjects/', next: '/OurProjects/3/', last: '/OurProjects/3/' };
  expect(numberedPage(content([]), listing, { data: [], start: 12, end: 23, size: 12, total: 25, currentPage: 2, lastPage: 3, url })).toMatchObject({
    head: { path: '/OurProjects/2/', documentTitle: expect.stringMatching(/^Our projects, page 2 of 3 \| /), description: 'Everything we built, for whom and what changed for them, project by project. (page 2 of 3)' },
    breadcrumb: { parents: [{ name: 'Our projects', path: '/OurProjects/' }], current: 'Page 2' },
    pagination: { label: 'Pages of projects', current: 2, last: 3, previous: '/OurProjects/', next: '/OurProjects/3/' },
  });
  const only = numberedPage(content([]), listing, { data: [], start: 0, end: -1, size: 12, total: 0, currentPage: 1, lastPage: 1, url: { current: '/OurProjects/', prev: undefined, next: undefined, first: undefined, last: undefined } });
  expect(only).toMatchObject({ head: { path: '/OurProjects/', documentTitle: expect.stringMatching(/^Our projects \| /) }, breadcrumb: { parents: [], current: 'Our projects' }, pagination: { current: 1, last: 1 } });
});

describe('fourteen projects, the first a case study, every other one in Security too', () => {
  const many = content([...Array(14).keys()].map((index) => project(`p${index}`, { body: index === 0 ? '## The challenge' : '', services: index % 2 ? ['Web', 'Security'] : ['Web'] })));

  it('are listed, and each service’s, in the order given', () => {
    const { all, byService } = projectListings(many);
    expect(all.items.map((card) => card.id).join()).toBe('p0,p1,p2,p3,p4,p5,p6,p7,p8,p9,p10,p11,p12,p13');
    expect(all.byService!.links).toEqual([
      { name: 'All', href: '/OurProjects/' },
      { name: 'Web builds', href: '/OurProjects/service/Web/' },
      { name: 'Security reviews', href: '/OurProjects/service/Security/' },
    ]);
    expect(byService.map((listing) => [listing.service, listing.title, listing.items.length])).toEqual([
      ['Web', 'Web builds projects', 14],
      ['Security', 'Security reviews projects', 7],
    ]);
  });

  it('are found by site search: one with no case study on its card, on its own page of the Projects page, never on a page by service', () => {
    const cards = [...[...Array(11).keys()].map((number) => `/OurProjects/#p${number + 1}`), '/OurProjects/2/#p12', '/OurProjects/2/#p13'];
    expect(cardRecords(many).map((record) => record.url)).toEqual(cards);
    expect(cardRecords(many)[0]).toEqual({ url: '/OurProjects/#p1', content: 'Project p1. Delivered 2024. What we built for them. Private system: no public site to visit.', language: 'en-au', meta: { title: 'Project p1', kind: 'Project' }, filters: { kind: ['Project'] } });
    const index = siteIndex({ ...many, pages: [...many.pages, page('about', 'About us', 'Who we are.', 'About us: the people and the work.'), page('clients', 'Our clients', 'Who we are.', 'Our clients: the people and the work.')] });
    expect(index.map((group) => group.kind)).toEqual(['Service', 'Project', 'Company']);
    expect(index.find((group) => group.kind === 'Project')!.pages.map((entry) => entry.href)).toEqual(['/OurProjects/p0/', ...cards]);
    expect(index.find((group) => group.kind === 'Company')!.pages.map((entry) => [entry.title, entry.href])).toEqual([['About us', '/AboutUs/'], ['Our clients', '/Clients/']]);
  });
});

it.each<[string, Fixture['projects'], (string | RegExp)[]]>([
  ['passes content whose references all resolve and whose addresses are its own', [project('a', { body: 'Text' }), project('b')], []],
  ['names a reference to a file that does not exist, and what would work', [project('a', { services: ['Web', 'Mobile'] })], ['src/content/projects/a.md: "services[1]" refers to "Mobile", but there is no such file in src/content/services. Use one of: Security, Web.']],
  ['names an address a case study cannot have', [project('2', { body: 'Text' })], [/"2" is all digits/]],
])('the content check %s', (_, projects, problems) => {
  expect(contentProblems(content(projects))).toEqual(problems.map((problem) => (typeof problem === 'string' ? problem : expect.stringMatching(problem))));
});
