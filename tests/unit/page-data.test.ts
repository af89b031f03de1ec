import { describe, expect, it } from 'vitest';
import { caseStudyRoute, projectsOnServicePage, projectsPerPage, routeOf } from '../../src/lib/content/routes.ts';
import { contentFacts, inSiteOrder, involves, pageText, type SiteContent } from '../../src/lib/pages/content.ts';
import { homePage, notFoundPage } from '../../src/lib/pages/fixed-pages.ts';
import { numberedPages } from '../../src/lib/pages/numbered-pages.ts';
import { productPage } from '../../src/lib/pages/products.ts';
import { caseStudyPages, projectCard, projectListingPages, projectsByServicePages } from '../../src/lib/pages/projects.ts';
import { servicePage } from '../../src/lib/pages/services.ts';
import { contentProblems, sitePages } from '../../src/lib/pages/site-pages.ts';
import { brandedName } from '../../src/lib/site/config.ts';
import { content } from '../support/site-content.ts';

// The page data the build renders (src/lib/pages/), made from this project's content as the build
// reads it: every page's words, addresses and JSON-LD, checked without a browser.

const pages = sitePages(content);
/** A JSON-LD object's type. */
const typeOf = (item: object) => (item as { '@type'?: string })['@type'];
const { site } = content;

/** A copy of the content with one collection changed. */
function withContent<K extends keyof SiteContent<string>>(key: K, change: (value: SiteContent<string>[K]) => SiteContent<string>[K]): SiteContent<string> {
  return { ...content, [key]: change(structuredClone(content[key])) };
}

describe('every page', () => {
  it('has an address, title and description of its own', () => {
    for (const field of ['path', 'documentTitle', 'description'] as const) {
      const values = pages.map((page) => page.head[field]);
      expect(new Set(values).size, field).toBe(values.length);
    }
  });

  it('has every placeholder filled in', () => {
    for (const page of pages) {
      for (const text of [page.head.title, page.head.description, page.hero.title, page.hero.subtitle]) expect(text, page.head.path).not.toMatch(/[{}]/);
    }
  });

  it('says what each of its kinds must: a page per fixed page, service, product, case study and service with projects', () => {
    const count = (kind: string) => pages.filter((page) => page.kind === kind).length;
    expect(count('service')).toBe(content.services.length);
    expect(count('product')).toBe(content.products.length);
    expect(count('case-study')).toBe(content.projects.filter((project) => caseStudyRoute(project)).length);
    expect(count('projects-by-service')).toBe(content.services.filter((service) => content.projects.some((project) => involves(project, service))).length);
    for (const kind of ['home', 'about', 'contact', 'services', 'products', 'clients', 'projects']) expect(count(kind), kind).toBe(1);
  });

  it('has a breadcrumb trail that starts at Home and ends at itself, said the same way in JSON-LD', () => {
    for (const page of pages) {
      const trail = page.head.jsonLd.find((item) => typeOf(item) === 'BreadcrumbList') as unknown as { itemListElement: { name: string; item: string }[] };
      const names = trail.itemListElement.map((item) => item.name);
      expect(names[0]).toBe('Home');
      if (page.kind === 'home') continue;
      expect(names).toEqual(['Home', ...page.breadcrumb!.parents.map((crumb) => crumb.name), page.breadcrumb!.current]);
      expect(trail.itemListElement.at(-1)!.item).toBe(page.head.canonical);
    }
  });

  it('carries the company in JSON-LD where it describes the company, and refers to it elsewhere', () => {
    for (const page of pages) {
      const company = page.head.jsonLd.filter((item) => typeOf(item) === 'Organization');
      expect(company.length, page.head.path).toBe(['home', 'about', 'contact'].includes(page.kind) ? 1 : 0);
    }
  });

  it('ends with the invitation to get in touch, except the contact page itself', () => {
    for (const page of pages) expect(page.callToAction === null, page.head.path).toBe(page.kind === 'contact');
    expect(notFoundPage(content).callToAction).toBeNull();
  });
});

describe('page kinds', () => {
  it('a service: its projects, the first few in order, and a link to all of them', () => {
    for (const service of content.services) {
      const page = servicePage(content, service);
      const involved = content.projects.filter((project) => involves(project, service));
      expect(page.relatedWork?.projects.map((card) => card.id) ?? []).toEqual(involved.slice(0, projectsOnServicePage).map((project) => project.id));
      expect(page.head.jsonLd.find((item) => typeOf(item) === 'Service')).toMatchObject({ name: service.data.title, url: page.head.canonical });
    }
  });

  it('a product: its name with the brand, its versions in order, and heading ids that never repeat', () => {
    for (const product of content.products) {
      const page = productPage(content, product);
      expect(page.hero.title).toBe(brandedName(site, product.data.name));
      expect(page.variants.map((variant) => variant.id)).toEqual(content.productVariants.filter((variant) => product.data.variants.some((reference) => reference.id === variant.id)).map((variant) => variant.id));
      const ids = page.audiences.map((audience) => audience.headingId);
      expect(new Set([...ids, 'overview', 'variants', 'audiences', 'roles']).size).toBe(ids.length + 4);
    }
  });

  it('a case study: under the Projects page, with its client and services', () => {
    const listing = pageText(content, 'projects').title;
    for (const page of caseStudyPages(content)) {
      expect(page.breadcrumb!.parents).toEqual([{ name: listing, path: '/OurProjects/' }]);
      expect(page.services.map((link) => link.href)).toEqual(page.project.data.services.map((reference) => `/${reference.id}/`));
      const client = content.clients.find((entry) => entry.data.project.id === page.project.id);
      expect(page.client?.name).toBe(client?.data.name);
    }
  });

  it('a case study is a CreativeWork by the company, about its client, naming each service by the @id its own page gives it', () => {
    for (const page of caseStudyPages(content)) {
      const work = page.head.jsonLd.find((item) => typeOf(item) === 'CreativeWork') as unknown as Record<string, unknown> & { mentions: { '@id': string; name: string }[] };
      expect(work).toMatchObject({ name: page.hero.title, url: page.head.canonical, description: page.head.description, dateCreated: String(page.project.data.year), creator: { '@id': new URL('/#organization', site.url).href } });
      if (page.client) expect(work.about).toEqual({ '@type': 'Organization', name: page.client.name });
      const described = page.project.data.services.map((reference) => {
        const service = servicePage(content, content.services.find((entry) => entry.id === reference.id)!);
        return service.head.jsonLd.find((item) => typeOf(item) === 'Service') as unknown as { '@id': string; name: string };
      });
      expect(work.mentions.map((mention) => [mention['@id'], mention.name])).toEqual(described.map((service) => [service['@id'], service.name]));
    }
  });

  it('a project card leads to its case study, else its live site, else nowhere', () => {
    for (const project of content.projects) {
      const card = projectCard(project);
      if (caseStudyRoute(project)) expect(card.link).toEqual({ href: caseStudyRoute(project), external: false, text: 'Read the case study' });
      else if (project.data.url) expect(card.link).toMatchObject({ href: project.data.url, external: true });
      else expect(card.link).toBeNull();
    }
  });

  it('the home page: the services marked for it, and the point of sale’s versions', () => {
    const home = homePage(content);
    expect(home.services.map((card) => card.href)).toEqual(content.services.filter((service) => service.data.onHome).map(routeOf));
    expect(home.hero.title).toBe(pageText(content, 'home').title);
  });

  it('the home page never counts services it does not show: a link names them all when some are left out', () => {
    const home = homePage(content);
    const { whatWeDo } = home.sections;
    // The words above the cards carry no count of services, which the cards below could contradict.
    expect(`${whatWeDo.title} ${whatWeDo.intro ?? ''}`).not.toMatch(new RegExp(`\\b(${contentFacts(content).serviceCount}|${content.services.length})\\b`, 'i'));
    if (home.services.length < content.services.length) expect(home.allServices?.label).toContain(String(contentFacts(content).serviceCount));
    else expect(home.allServices).toBeNull();
    const allShown = homePage({ ...content, services: content.services.map((service) => ({ ...service, data: { ...service.data, onHome: true } })) });
    expect(allShown.allServices).toBeNull();
  });

  it('counts in words stay true to the content', () => {
    expect(contentFacts(content).serviceCount).toBe(['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'][content.services.length] ?? String(content.services.length));
  });
});

describe('numbered pages', () => {
  it('split a listing into pages that each say where they are, linked to their neighbours', () => {
    const items = Array.from({ length: 2 * projectsPerPage + 1 }, (_, index) => index);
    const numbered = numberedPages(items, { pageSize: projectsPerPage, path: '/OurProjects/', title: 'Our projects', description: 'Everything we built, for whom and what changed for them.' });
    expect(numbered.map((page) => page.path)).toEqual(['/OurProjects/', '/OurProjects/2/', '/OurProjects/3/']);
    expect(numbered.map((page) => page.items.length)).toEqual([projectsPerPage, projectsPerPage, 1]);
    expect(numbered[1]).toMatchObject({
      title: 'Our projects, page 2 of 3',
      description: 'Everything we built, for whom and what changed for them. (page 2 of 3)',
      crumb: 'Page 2',
      parents: [{ name: 'Our projects', path: '/OurProjects/' }],
      pagination: { current: 2, last: 3, previous: '/OurProjects/', next: '/OurProjects/3/' },
    });
    expect(numberedPages([], { pageSize: projectsPerPage, path: '/x/', title: 'X', description: 'Y' }).map((page) => page.path)).toEqual(['/x/']);
  });

  it('on the Projects page and a service’s projects, in the editors’ order', () => {
    // More projects than two pages hold, written after the others' order, in the order files come.
    const extra = Array.from({ length: 2 * projectsPerPage + 1 }, (_, index) => ({ ...content.projects[0]!, id: `extra-${String(index).padStart(2, '0')}`, body: '', data: { ...content.projects[0]!.data, order: 500 + index } }));
    const many = inSiteOrder({ ...content, projects: [...extra.reverse(), ...content.projects] });
    const listing = projectListingPages(many);
    expect(listing).toHaveLength(Math.ceil(many.projects.length / projectsPerPage));
    expect(listing.flatMap((page) => page.projects.map((card) => card.id))).toEqual([...content.projects.map((project) => project.id), ...extra.map((project) => project.id).sort()]);
    const service = content.projects[0]!.data.services[0]!;
    const byService = projectsByServicePages(many).filter((page) => page.service === service.id);
    expect(byService.flatMap((page) => page.projects.map((card) => card.id))).toEqual(many.projects.filter((project) => involves(project, service)).map((project) => project.id));
    expect(byService.length).toBeGreaterThan(1);
  });
});

describe('the content check', () => {
  it('passes on the content as it is', () => {
    expect(contentProblems(content)).toEqual([]);
  });

  it('names a reference to a file that does not exist, and what would work', () => {
    const broken = withContent('clients', (clients) => clients.map((client, index) => (index === 0 ? { ...client, data: { ...client.data, project: { id: 'no-such-project', collection: 'projects' } as never } } : client)));
    const [problem] = contentProblems(broken);
    expect(problem).toContain(`${broken.clients[0]!.filePath}: "project" refers to "no-such-project", but there is no such file in src/content/projects. Use one of:`);
  });

  it('names a page address claimed twice, and one a case study cannot have', () => {
    const twice = withContent('products', (products) => [...products, { ...products[0]!, id: content.services[0]!.id.toLowerCase() }]);
    expect(contentProblems(twice).join('\n')).toMatch(/is claimed 2 times/);
    const digits = withContent('projects', (projects) => [{ ...projects.find((project) => project.body?.trim())!, id: '2' }, ...projects]);
    expect(contentProblems(digits).join('\n')).toMatch(/"2" is all digits/);
  });
});
