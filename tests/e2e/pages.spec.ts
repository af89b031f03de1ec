import { expect, test } from '@playwright/test';
import { brandedName } from '../../src/lib/site/config.ts';
import { site } from '../../src/site.config.ts';
import { clients, fixedPageText, pageSection, products, productVariants, projects, services, team, values } from '../support/site-content.ts';
import { fixedPagePaths, hasPagesBelow, hrefsIn, innerPages, pages, timeToVisitEveryPage } from './support.ts';
import { projectsPerPage } from '../../src/lib/content/routes.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const [id, path] of Object.entries(fixedPagePaths)) {
  test(`${path}: subtitle and description as src/content/pages/${id}.md words them, counts taken from the content`, async ({ page }) => {
    await page.goto(path);
    const { subtitle, description } = fixedPageText(id);
    await expect(page.locator('.hero__subtitle')).toHaveText(subtitle);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
    await expect(page.locator('body')).not.toContainText(/\{\w*\}/);
  });
}

for (const [path, heading] of innerPages) {
  test(`${path}: one h1, a subtitle, a breadcrumb and its canonical URL`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('h1')).toHaveText(heading);
    await expect(page.locator('.hero__subtitle')).toHaveText(/\w.{19,}/);
    const breadcrumb = page.locator('nav[aria-label="Breadcrumb"]');
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(heading);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL(path, site.url).href);
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(heading)} \\| ${escapeRegExp(site.companyName)}$`));
  });

  test(`${path}: sub-paths and the form without a slash lead to the one canonical page`, async ({ page, request }) => {
    const bare = path.slice(0, -1);
    // Below the Projects page live its case studies, so an unknown address there is not the
    // listing's: it is the 404 page (src/lib/publishing/redirects.ts says why).
    const below = hasPagesBelow(path);
    const variants = below ? [bare] : [bare, `${path}anything`, `${path}anything/`, `${path}deeply/nested/page`];
    for (const variant of variants) {
      const first = await request.get(variant, { maxRedirects: 0 });
      expect(first.status(), variant).toBe(301);
      expect(first.headers().location, variant).toBe(path);
    }
    if (below) expect((await request.get(`${path}no-such-project/`, { maxRedirects: 0 })).status()).toBe(404);
    const response = await page.goto(below ? bare : `${path}some/old/link`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.locator('h1')).toHaveText(heading);
  });
}

test('every page has a unique title and description', async ({ page }) => {
  test.setTimeout(timeToVisitEveryPage());
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const [path] of pages) {
    await page.goto(path);
    titles.add(await page.title());
    descriptions.add((await page.locator('meta[name="description"]').getAttribute('content')) ?? '');
  }
  expect(titles.size).toBe(pages.length);
  expect(descriptions.size).toBe(pages.length);
});

test('the sitemap lists exactly the canonical pages', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(listed.sort()).toEqual(pages.map(([path]) => path).sort());
});

test('Services: a card for every service, with Learn More to its page', async ({ page }) => {
  await page.goto('/OurServices/');
  const cards = page.locator('main .card');
  await expect(cards).toHaveCount(services.length);
  expect(await hrefsIn(page, 'main .card')).toEqual(services.map((service) => `/${service.id}/`));
  for (const link of await cards.getByRole('link').all()) await expect(link).toHaveText(/^Learn more/);
});

test('Products: a card for every product, to its page', async ({ page }) => {
  await page.goto('/OurProducts/');
  await expect(page.locator('main .card h2')).toHaveText(products.map((entry) => brandedName(site, entry.data.name)));
  expect(await hrefsIn(page, 'main .card')).toEqual(products.map((entry) => `/${entry.id}/`));
});

test('Projects: a card for every project with image, title and description, leading to its case study, else its live site, else saying why not', async ({ page }) => {
  await page.goto('/OurProjects/');
  const shown = projects.slice(0, projectsPerPage);
  const cards = page.locator('main .card');
  await expect(cards).toHaveCount(shown.length);
  await expect(cards.locator('h2')).toHaveText(shown.map((project) => project.data.title));
  for (const [index, project] of shown.entries()) {
    const card = cards.nth(index);
    await expect(card.locator('img')).toHaveAttribute('alt', /\w{3,}/);
    await expect(card.locator('.card__body p').last()).toHaveText(/.{40,}/);
    const link = card.getByRole('link');
    if (project.body) {
      await expect(link).toHaveAttribute('href', `/OurProjects/${project.id}/`);
      await expect(link).toHaveText(/^Read the case study/);
    } else if (project.data.url) {
      // No case study: the card leads to the live site, in a new tab, safely.
      await expect(link).toHaveAttribute('href', project.data.url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveText(/^Visit the site.*opens in a new tab/);
    } else {
      await expect(link).toHaveCount(0);
      await expect(card).toContainText('no public site');
    }
  }
});

test('no page has an empty or placeholder link', async ({ page }) => {
  test.setTimeout(timeToVisitEveryPage());
  for (const [path] of pages) {
    await page.goto(path);
    const bad = await page.locator('a').evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')).filter((href) => href === null || href.trim() === '' || href.trim() === '#'),
    );
    expect(bad, path).toEqual([]);
  }
});

test('About: the founding year, mission, vision, every value and every team member', async ({ page }) => {
  await page.goto('/AboutUs/');
  await expect(page.locator('main')).toContainText(String(site.foundedYear));
  await expect(page.getByText('Our mission')).toBeVisible();
  await expect(page.getByText('Our vision')).toBeVisible();
  await expect(page.locator('section[aria-labelledby="our-values"] .card h3')).toHaveText(values.map((value) => value.data.title));
  const members = page.locator('.member');
  await expect(members.locator('h3')).toHaveText(team.map((member) => member.data.name));
  for (const member of await members.all()) {
    await expect(member.locator('.portrait')).toBeVisible();
    await expect(member.getByRole('img')).toHaveAccessibleName(/\w{3,}/);
    await expect(member.locator('h3')).toHaveText(/\w+ \w+/);
    await expect(member.locator('.member__role')).toHaveText(/\w{3,}/);
  }
});

test('Clients: every client with logo, name, the work and a link to the matching project', async ({ page }) => {
  await page.goto('/Clients/');
  const cards = page.locator('main .card');
  await expect(cards.locator('h2')).toHaveText(clients.map((client) => client.data.name));
  for (const card of await cards.all()) {
    await expect(card.locator('img')).toHaveAttribute('alt', /\w{3,}/);
    const link = card.getByRole('link');
    const href = (await link.getAttribute('href'))!;
    const name = await card.locator('h2').textContent();
    const client = clients.find((entry) => entry.data.name === name)!;
    const project = projects.find((entry) => entry.id === client.data.project)!;
    // The client's case study when there is one, else its card on the Projects page.
    expect(href).toBe(project.body ? `/OurProjects/${project.id}/` : `/OurProjects/#${project.id}`);
    await page.goto(href);
    if (project.body) await expect(page.locator('h1')).toHaveText(project.data.title);
    else await expect(page.locator(`#${project.id}`)).toBeVisible();
    await page.goBack();
  }
});

for (const service of services.filter((entry) => entry.data.technologies?.length)) {
  test(`/${service.id}/ lists its technologies, grouped`, async ({ page }) => {
    await page.goto(`/${service.id}/`);
    const section = page.locator('section[aria-labelledby="technologies"]');
    await expect(section.locator('.tech-group h3')).toHaveText(service.data.technologies!.map((group) => group.group));
    for (const [index, group] of service.data.technologies!.entries()) {
      await expect(section.locator('.tech-group').nth(index).locator('li')).toHaveText(group.items);
    }
  });
}

/** A heading shared by every service or product page, with that page's own name filled in. */
const sharedHeading = (listing: 'services' | 'products', section: string, name: string) =>
  pageSection(listing, section).title!.replaceAll(listing === 'services' ? '{service}' : '{product}', name);
const callToAction = pageSection('contact', 'callToAction');

for (const { id, data } of services) {
  test(`/${id}/ says what the service is, what the client gets, how the work runs, and invites contact`, async ({ page }) => {
    await page.goto(`/${id}/`);
    await expect(page.locator('.prose p').first()).toHaveText(/\w/);
    expect(await page.locator('.deliverables li').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.steps li').count()).toBeGreaterThanOrEqual(3);
    // The headings every service page shares come from the Services page's file.
    const headings = (await page.locator('main h2').allTextContents()).map((text) => text.trim());
    for (const section of ['overview', 'deliverables', 'process']) expect(headings).toContain(sharedHeading('services', section, data.title));
    if (projects.some((project) => project.data.services?.includes(id))) expect(headings).toContain(sharedHeading('services', 'relatedWork', data.title));
    await expect(page.getByRole('link', { name: callToAction.button })).toHaveAttribute('href', '/Contact/');
  });
}

for (const { id, data } of products) {
  test(`/${id}/: every feature with its stages, every version, every side of the business and every role`, async ({ page }) => {
    await page.goto(`/${id}/`);
    await expect(page.getByRole('heading', { level: 2, name: sharedHeading('products', 'overview', brandedName(site, data.name)) })).toBeVisible();
    const features = data.features ?? [];
    await expect(page.locator('.feature h2')).toHaveText(features.map((feature) => feature.title));
    await expect(page.locator('.state-flow li')).toHaveText(features.flatMap((feature) => feature.steps ?? []));
    const variants = productVariants.filter((variant) => data.variants?.includes(variant.id));
    await expect(page.locator('section[aria-labelledby="variants"] h3')).toHaveText(variants.map((variant) => variant.data.name));
    const audiences = page.locator('.audience');
    await expect(audiences.locator('h3')).toHaveText((data.audiences ?? []).map((audience) => audience.title));
    for (const [index, audience] of (data.audiences ?? []).entries()) {
      await expect(audiences.nth(index).locator('dt')).toHaveText(audience.features.map((feature) => feature.title));
    }
    await expect(page.locator('section[aria-labelledby="roles"] h3')).toHaveText((data.roles ?? []).map((role) => role.title));
  });
}

test('Contact: e-mail, two social links and the form with five required, labelled fields', async ({ page }) => {
  await page.goto('/Contact/');
  await expect(page.locator(`.contact__list a[href="mailto:${site.email}"]`)).toBeVisible();
  await expect(page.locator('main .social-links a')).toHaveCount(site.social.length);
  const form = page.locator('form.contact-form');
  await expect(form).toHaveAttribute('method', 'post');
  const expectations = [
    ['name', 'Your name', 'input', 'name'],
    ['email', 'E-mail address', 'input', 'email'],
    ['phone-number', 'Phone number', 'input', 'tel'],
    ['subject', 'Subject', 'input', 'off'],
    ['message', 'Message', 'textarea', null],
  ] as const;
  for (const [name, label, tag, autocomplete] of expectations) {
    const field = form.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute('name', name);
    await expect(field).toHaveAttribute('required', '');
    expect(await field.evaluate((element) => element.tagName.toLowerCase())).toBe(tag);
    if (autocomplete) await expect(field).toHaveAttribute('autocomplete', autocomplete);
  }
  await expect(form.getByLabel('E-mail address')).toHaveAttribute('type', 'email');
  await expect(form.getByLabel('Message')).toHaveAttribute('rows', '5');
  await expect(form).toHaveAttribute('action', '/api/contact');
});
