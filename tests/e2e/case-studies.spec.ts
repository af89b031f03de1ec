import { expect, test, type Page } from '@playwright/test';
import type { CreativeWork } from 'schema-dts';
import { projectsOnServicePage, projectsPerPage } from '../../src/lib/content/routes.ts';
import { site } from '../../src/site.config.ts';
import { caseStudies, clients, fixedPageTitle, pageSection, projects, projectsByServiceTitle, services, servicesWithProjects } from '../support/site-content.ts';

// A page for every project with a body (its case study), linked from its card, its client and the
// pages of the services involved; and the projects of each service on a page of their own.

type JsonLd = { '@type': string } & Record<string, unknown>;
const jsonLdOf = async (page: Page): Promise<JsonLd[]> =>
  (await page.locator('script[type="application/ld+json"]').allTextContents()).flatMap((text) => JSON.parse(text) as JsonLd | JsonLd[]);

const serviceTitle = (id: string) => services.find((service) => service.id === id)!.data.title;
/** The projects that involved a service, in the editors' order. */
const projectsOf = (serviceId: string) => projects.filter((project) => project.data.services?.includes(serviceId));
/** Where an entry falls in a listing of 12 a page: "" for the first page, "2/" for the second… */
const pageNumberOf = <T>(listing: T[], entry: T) => {
  const number = Math.floor(listing.indexOf(entry) / projectsPerPage) + 1;
  return number === 1 ? '' : `${number}/`;
};

for (const project of caseStudies) {
  const path = `/OurProjects/${project.id}/`;
  const { title, year, url, figures = [], technologies = [], quote, services: involved = [] } = project.data;
  const client = clients.find((entry) => entry.data.project === project.id);

  test(`${path}: the case study, its facts, figures and quote, from its file`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('h1')).toHaveText(title);
    const crumbs = page.locator('nav[aria-label="Breadcrumb"] li');
    await expect(crumbs).toHaveText(['Home', fixedPageTitle('projects'), title]);
    await expect(crumbs.nth(1).getByRole('link')).toHaveAttribute('href', '/OurProjects/');

    // The text's own headings (the challenge, what we built, the results), in order.
    const headings = [...project.body.matchAll(/^## (.+)$/gm)].map(([, heading]) => heading!.trim());
    expect(headings.length).toBeGreaterThan(0);
    await expect(page.locator('.case-study__text h2')).toHaveText(headings);

    const facts = page.locator('.facts');
    await expect(facts.locator('h2')).toHaveText(pageSection('projects', 'facts').title!);
    await expect(facts).toContainText(String(year));
    for (const id of involved) await expect(facts.getByRole('link', { name: serviceTitle(id), exact: true })).toHaveAttribute('href', `/${id}/`);
    await expect(facts.locator('.facts__tags li')).toHaveText(technologies);
    if (client) await expect(facts.getByRole('link', { name: client.data.name })).toHaveAttribute('href', `/Clients/#${client.id}`);
    if (url) {
      const live = facts.getByRole('link', { name: /live site/ });
      await expect(live).toHaveAttribute('href', url);
      await expect(live).toHaveAttribute('target', '_blank');
      await expect(live).toHaveAttribute('rel', /noopener/);
    } else {
      await expect(facts).toContainText('no public site');
    }

    const figureItems = page.locator('.figures li');
    await expect(figureItems).toHaveCount(figures.length);
    for (const [index, figure] of figures.entries()) {
      await expect(figureItems.nth(index).locator('.figures__value')).toHaveText(figure.value);
      await expect(figureItems.nth(index).locator('.figures__label')).toHaveText(figure.label);
    }

    // The card's picture and the gallery's, each described.
    const pictures = page.locator('.gallery img');
    await expect(pictures).toHaveCount(1 + (project.data.gallery?.length ?? 0));
    for (const picture of await pictures.all()) await expect(picture).toHaveAttribute('alt', /\w{3,}/);

    if (quote) {
      await expect(page.locator('.quote blockquote')).toHaveText(quote.text);
      await expect(page.locator('.quote figcaption')).toContainText(quote.name);
      await expect(page.locator('.quote figcaption')).toContainText(quote.role);
    } else {
      await expect(page.locator('.quote')).toHaveCount(0);
    }
    // And the invitation to get in touch.
    await expect(page.locator('main a[href="/Contact/"]').last()).toBeVisible();
  });

  test(`${path}: described for search engines as a CreativeWork about the client, naming the services`, async ({ page }) => {
    await page.goto(path);
    const work = (await jsonLdOf(page)).find((item) => item['@type'] === 'CreativeWork') as Exclude<CreativeWork, string> & JsonLd;
    expect(work).toMatchObject({ name: title, url: new URL(path, site.url).href, dateCreated: String(year), creator: { '@id': new URL('/#organization', site.url).href } });
    expect(work.description).toBe(await page.locator('meta[name="description"]').getAttribute('content'));
    if (client) expect(work.about).toEqual({ '@type': 'Organization', name: client.data.name });
    const mentioned = work.mentions as { '@id': string; name: string; url: string }[];
    expect(mentioned.map((service) => service.name)).toEqual(involved.map(serviceTitle));
    // Each points at the Service its own page describes.
    for (const service of mentioned) {
      await page.goto(new URL(service.url).pathname);
      const described = (await jsonLdOf(page)).find((item) => item['@type'] === 'Service')!;
      expect(described['@id']).toBe(service['@id']);
    }
  });

  test(`${path}: linked from the pages of the services involved, or from their pages by service`, async ({ page }) => {
    for (const id of involved) {
      await page.goto(`/${id}/`);
      // A service's page shows its first few projects; all of them are on its page by service.
      const shown = projectsOf(id).slice(0, projectsOnServicePage).includes(project);
      await expect(page.locator(`section[aria-labelledby="related-work"] a[href="${path}"]`)).toHaveCount(shown ? 1 : 0);
      if (!shown) {
        await page.goto(`/OurProjects/service/${id}/${pageNumberOf(projectsOf(id), project)}`);
        await expect(page.locator(`main .card a[href="${path}"]`)).toHaveCount(1);
      }
    }
  });
}

const cardOnly = projects.filter((entry) => entry.body === '');
test('a project without a body has no page, and nothing links to one', async ({ page, request }) => {
  // npm run test:grown adds such a project to a copy of the site; this content may have none.
  test.skip(cardOnly.length === 0, 'every project here has a case study');
  for (const project of cardOnly) {
    expect((await request.get(`/OurProjects/${project.id}/`, { maxRedirects: 0 })).status()).toBe(404);
    await page.goto('/OurProjects/');
    await expect(page.locator(`a[href="/OurProjects/${project.id}/"]`)).toHaveCount(0);
  }
});

for (const service of servicesWithProjects) {
  const path = `/OurProjects/service/${service.id}/`;
  const involved = projectsOf(service.id);

  test(`/${service.id}/: its first ${projectsOnServicePage} projects at most, in order, and a link to all of them`, async ({ page }) => {
    await page.goto(`/${service.id}/`);
    const recentWork = page.locator('section[aria-labelledby="related-work"]');
    await expect(recentWork.locator('.card__title')).toHaveText(involved.slice(0, projectsOnServicePage).map((project) => project.data.title));
    await expect(recentWork.locator(`a[href="${path}"]`)).toHaveCount(1);
  });

  test(`${path}: the projects that involved ${service.data.title}, linked from its page and the Projects page`, async ({ page }) => {
    await page.goto(`/${service.id}/`);
    const link = page.locator(`section[aria-labelledby="related-work"] a[href="${path}"]`);
    await expect(link).toHaveText(pageSection('projects', 'byService').link!.replaceAll('{service}', service.data.title));
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator('h1')).toHaveText(projectsByServiceTitle(service));
    await expect(page.locator('main .card h2')).toHaveText(involved.map((project) => project.data.title));

    await page.goto('/OurProjects/');
    await expect(page.locator(`nav.by-service a[href="${path}"]`)).toHaveText(service.data.title);
  });
}

test('the sitemap lists every case study and every page by service', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  for (const project of caseStudies) expect(sitemap).toContain(`<loc>${new URL(`/OurProjects/${project.id}/`, site.url).href}</loc>`);
  for (const service of servicesWithProjects) expect(sitemap).toContain(`<loc>${new URL(`/OurProjects/service/${service.id}/`, site.url).href}</loc>`);
});
