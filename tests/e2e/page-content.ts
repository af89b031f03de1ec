import { expect, type Page } from '@playwright/test';
import { contactEndpointPath } from '../../src/lib/contact/addresses.ts';
import { routeOf } from '../../src/lib/content/routes.ts';
import type { aboutPage, clientsPage, contactPage, homePage, ListingPage } from '../../src/lib/pages/fixed-pages.ts';
import type { PageData } from '../../src/lib/pages/frame.ts';
import type { ProductPage } from '../../src/lib/pages/products.ts';
import type { CaseStudyPage, ProjectCard, ProjectListingPage } from '../../src/lib/pages/projects.ts';
import type { ServicePage } from '../../src/lib/pages/services.ts';
import { site } from '../../src/site.config.ts';
import { content } from '../support/site-content.ts';
import { hrefsIn } from './support.ts';

// What each kind of page must show, taken from the data the build made it from
// (src/lib/pages/). tests/e2e/every-page.spec.ts runs these on the one visit it makes to each page.

/** The project cards a page shows match their data: title, picture with words, text, and where each leads. */
async function checkProjectCards(page: Page, scope: string, cards: ProjectCard[]): Promise<void> {
  const shown = page.locator(`${scope} .card`);
  await expect(shown).toHaveCount(cards.length);
  for (const [index, card] of cards.entries()) {
    const element = shown.nth(index);
    await expect(element.locator('.card__title')).toHaveText(card.title);
    await expect(element.locator('img')).toHaveAttribute('alt', card.image.alt);
    await expect(element).toContainText(card.summary);
    const link = element.getByRole('link');
    if (!card.link) {
      await expect(link).toHaveCount(0);
      await expect(element).toContainText('no public site');
    } else if (card.link.external) {
      // No case study: the card leads to the live site, in a new tab, safely.
      await expect(link).toHaveAttribute('href', card.link.href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveText(/^Visit the site.*opens in a new tab/);
    } else {
      await expect(link).toHaveAttribute('href', card.link.href);
      await expect(link).toHaveText(/^Read the case study/);
    }
  }
}

const checks: Partial<Record<PageData['kind'], (page: Page, data: never) => Promise<void>>> = {
  async home(page, data: ReturnType<typeof homePage>) {
    const { sections, pos } = data;
    // The sections in the order the spec gives.
    const headings = (await page.locator('main h1, main h2').allTextContents()).map((text) => text.trim());
    expect(headings).toEqual([data.hero.title, sections.whatWeDo.title, sections.aboutTeaser.title, pos.name, sections.clients.title, `${data.callToAction!.title} ${data.callToAction!.accent}`]);
    const hero = page.locator('main > header.hero');
    await expect(hero).toContainText(`Providing professional IT services since ${site.foundedYear}`);
    expect(await hrefsIn(page, 'main > header.hero .hero__actions')).toEqual([pos.href, '/OurServices/']);
    const whatWeDo = page.locator('section[aria-labelledby="what-we-do"]');
    await expect(whatWeDo.locator('.card h3')).toHaveText(data.services.map((card) => card.title));
    expect(await hrefsIn(page, 'section[aria-labelledby="what-we-do"] .card')).toEqual(data.services.map((card) => card.href!));
    await expect(page.locator('section[aria-labelledby="about-us"]').getByRole('link', { name: /learn more/i })).toHaveAttribute('href', '/AboutUs/');
    // The teaser's picture is a drawing of who we work with, sized so it never shifts the page.
    const picture = page.locator('section[aria-labelledby="about-us"] img');
    await expect(picture).toHaveAttribute('src', /\.svg$/);
    await expect(picture).toHaveAttribute('width', /\d+/);
    await expect(picture).toHaveAttribute('height', /\d+/);
    await expect(picture).toHaveAttribute('alt', sections.aboutTeaser.pictureAlt);
    // A link under the services shown names how many there are in all, when some are left out.
    const allServices = whatWeDo.locator('.all-services a');
    if (data.allServices) await expect(allServices).toHaveText(data.allServices.label);
    else await expect(allServices).toHaveCount(0);
    const products = page.locator('section[aria-labelledby="products"]');
    await expect(products.locator('.card h3')).toHaveText(data.posVariants.map((card) => card.title));
    expect(await hrefsIn(page, 'section[aria-labelledby="products"] .card')).toEqual(data.posVariants.map(() => pos.href));
    await expect(page.locator('section[aria-labelledby="our-clients"] img')).toHaveCount(data.clients.length);
  },

  async about(page, data: ReturnType<typeof aboutPage>) {
    await expect(page.locator('main')).toContainText(String(site.foundedYear));
    await expect(page.getByText('Our mission')).toBeVisible();
    await expect(page.locator('.statement dd').first()).toHaveText(data.mission);
    await expect(page.locator('.statement dd').last()).toHaveText(data.vision);
    await expect(page.locator('section[aria-labelledby="our-values"] .card h3')).toHaveText(data.values.map((value) => value.title));
    const members = page.locator('.member');
    await expect(members.locator('h3')).toHaveText(data.team.map((member) => member.name));
    await expect(members.locator('.member__role')).toHaveText(data.team.map((member) => member.role));
    for (const member of await members.all()) await expect(member.getByRole('img')).toHaveAccessibleName(/\w{3,}/);
  },

  async contact(page, _data: ReturnType<typeof contactPage>) {
    await expect(page.locator(`.contact__list a[href="mailto:${site.email}"]`)).toBeVisible();
    await expect(page.locator('main .social-links a')).toHaveCount(site.social.length);
    const form = page.locator('form.contact-form');
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', contactEndpointPath);
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
  },

  async services(page, data: ListingPage) {
    await expect(page.locator('main .card h2')).toHaveText(data.cards.map((card) => card.title));
    expect(await hrefsIn(page, 'main .card')).toEqual(data.cards.map((card) => card.href!));
    for (const link of await page.locator('main .card').getByRole('link').all()) await expect(link).toHaveText(/^Learn more/);
  },

  async products(page, data: ListingPage) {
    await expect(page.locator('main .card h2')).toHaveText(data.cards.map((card) => card.title));
    expect(await hrefsIn(page, 'main .card')).toEqual(data.cards.map((card) => card.href!));
  },

  async clients(page, data: ReturnType<typeof clientsPage>) {
    const cards = page.locator('main .card');
    await expect(cards.locator('h2')).toHaveText(data.clients.map((client) => client.name));
    for (const [index, client] of data.clients.entries()) {
      await expect(cards.nth(index).locator('img')).toHaveAttribute('alt', client.logo.alt);
      await expect(cards.nth(index).getByRole('link')).toHaveAttribute('href', client.link.href);
      await expect(cards.nth(index)).toHaveAttribute('id', client.id);
    }
  },

  async projects(page, data: ProjectListingPage) {
    await checkProjectCards(page, 'main', data.projects);
    if (data.byService) expect(await hrefsIn(page, 'nav.by-service')).toEqual(data.byService.links.map((link) => link.href));
    if (data.pagination.last > 1) await expect(page.locator('.pagination')).toContainText(`Page ${data.pagination.current} of ${data.pagination.last}`);
  },

  async 'projects-by-service'(page, data: ProjectListingPage) {
    await checkProjectCards(page, 'main', data.projects);
  },

  async service(page, data: ServicePage) {
    const { service, words, relatedWork } = data;
    await expect(page.locator('.prose p').first()).toHaveText(/\w/);
    await expect(page.locator('.deliverables li')).toHaveText(service.data.deliverables);
    await expect(page.locator('.steps li h3')).toHaveText(service.data.process.map((step) => step.title));
    const headings = (await page.locator('main h2').allTextContents()).map((text) => text.trim());
    for (const section of ['overview', 'deliverables', 'process'] as const) expect(headings).toContain(words[section].title);
    const technologies = page.locator('section[aria-labelledby="technologies"]');
    await expect(technologies.locator('.tech-group h3')).toHaveText(service.data.technologies.map((group) => group.group));
    for (const [index, group] of service.data.technologies.entries()) await expect(technologies.locator('.tech-group').nth(index).locator('li')).toHaveText(group.items);
    if (relatedWork) {
      expect(headings).toContain(words.relatedWork.title);
      await checkProjectCards(page, 'section[aria-labelledby="related-work"]', relatedWork.projects);
      await expect(page.locator('.related-work__all a')).toHaveAttribute('href', relatedWork.all.href);
    } else {
      await expect(page.locator('section[aria-labelledby="related-work"]')).toHaveCount(0);
    }
  },

  async product(page, data: ProductPage) {
    const { product, words, features, audiences, variants } = data;
    await expect(page.getByRole('heading', { level: 2, name: words.overview.title })).toBeVisible();
    await expect(page.locator('.features .card__title')).toHaveText(features.map((feature) => feature.title));
    await expect(page.locator('.state-flow li')).toHaveText(features.flatMap((feature) => feature.steps));
    // Each feature and each side of the product with its own picture of the screen, said in words;
    // a feature without one yet shows its icon instead.
    const cards = page.locator('.features .card');
    for (const [index, feature] of features.entries()) {
      const card = cards.nth(index);
      if (feature.picture) await expect(card.locator('img')).toHaveAttribute('alt', feature.picture.alt);
      else await expect(card.locator('img')).toHaveCount(0);
      await expect(card.locator('.card__icon')).toHaveCount(feature.picture ? 0 : 1);
    }
    await expect(page.locator('section[aria-labelledby="variants"] h3')).toHaveText(variants.map((variant) => variant.data.name));
    const sides = page.locator('section[aria-labelledby="audiences"] .card-grid > li');
    await expect(sides.locator('h3')).toHaveText(audiences.map((audience) => audience.title));
    for (const [index, audience] of audiences.entries()) {
      await expect(sides.nth(index).locator('dt')).toHaveText(audience.features.map((feature) => feature.title));
      if (audience.picture) await expect(sides.nth(index).locator('img')).toHaveAttribute('alt', audience.picture.alt);
    }
    // The roles, each with an icon of its own.
    const roles = page.locator('section[aria-labelledby="roles"] .card');
    await expect(roles.locator('h3')).toHaveText(product.data.roles.map((role) => role.title));
    const roleIcons = await roles.locator('.card__icon svg').evaluateAll((icons) => icons.map((icon) => icon.innerHTML));
    expect(roleIcons).toHaveLength(product.data.roles.length);
    expect(new Set(roleIcons).size).toBe(roleIcons.length);
  },

  async 'case-study'(page, data: CaseStudyPage) {
    const { project, words, client, services, pictures } = data;
    const { year, url, figures, technologies, quote } = project.data;
    // The text's own headings (the challenge, what we built, the results), in order.
    const headings = [...(project.body ?? '').matchAll(/^## (.+)$/gm)].map(([, heading]) => heading!.trim());
    expect(headings.length).toBeGreaterThan(0);
    await expect(page.locator('.case-study__text h2')).toHaveText(headings);
    const facts = page.locator('.facts');
    await expect(facts.locator('h2')).toHaveText(words.facts.title);
    await expect(facts).toContainText(String(year));
    for (const service of services) await expect(facts.getByRole('link', { name: service.name, exact: true })).toHaveAttribute('href', service.href);
    await expect(facts.locator('.facts__tags li')).toHaveText(technologies);
    if (client) await expect(facts.getByRole('link', { name: client.name })).toHaveAttribute('href', client.href);
    if (url) {
      const live = facts.getByRole('link', { name: /live site/ });
      await expect(live).toHaveAttribute('href', url);
      await expect(live).toHaveAttribute('target', '_blank');
      await expect(live).toHaveAttribute('rel', /noopener/);
    } else {
      await expect(facts).toContainText('no public site');
    }
    await expect(page.locator('.figures__value')).toHaveText(figures.map((figure) => figure.value));
    await expect(page.locator('.figures__label')).toHaveText(figures.map((figure) => figure.label));
    await expect(page.locator('.gallery img')).toHaveCount(pictures.length);
    for (const [index, picture] of pictures.entries()) await expect(page.locator('.gallery img').nth(index)).toHaveAttribute('alt', picture.alt);
    if (quote) {
      await expect(page.locator('.quote blockquote')).toHaveText(quote.text);
      await expect(page.locator('.quote figcaption')).toContainText(quote.name);
      await expect(page.locator('.quote figcaption')).toContainText(quote.role);
    } else {
      await expect(page.locator('.quote')).toHaveCount(0);
    }
  },
};

/** Runs the checks of this page's kind, if it has any beyond what every page is checked for. */
export async function checkPageContent(page: Page, data: PageData): Promise<void> {
  await checks[data.kind]?.(page, data as never);
}

/** The footer every page carries: the company's details and links to every page, service and product. */
export async function checkFooter(page: Page, data: PageData): Promise<void> {
  const footer = await page.locator('footer.site-footer').evaluate((element) => {
    const links = (selector: string) => [...element.querySelectorAll(`${selector} a`)].map((link) => [link.textContent?.trim() ?? '', link.getAttribute('href') ?? '']);
    return {
      address: element.querySelector('address')?.textContent?.replace(/\s+/g, ' ') ?? '',
      email: element.querySelector('a[href^="mailto:"]')?.getAttribute('href'),
      important: links('nav[aria-labelledby="footer-important"]').map(([, href]) => href),
      services: links('nav[aria-labelledby="footer-services"]'),
      products: links('nav[aria-labelledby="footer-products"]'),
      text: element.textContent?.replace(/\s+/g, ' ') ?? '',
    };
  });
  expect(footer.address).toContain(`${site.address.suburb} ${site.address.state} ${site.address.postcode}`);
  expect(footer.email).toBe(`mailto:${site.email}`);
  expect(footer.important).toEqual(site.navigation.map((link) => link.href));
  expect(footer.services).toEqual(data.footer.services.map((link) => [link.name, link.href]));
  expect(footer.services.map(([, href]) => href)).toEqual(content.services.map(routeOf));
  expect(footer.products).toEqual(data.footer.products.map((link) => [link.name, link.href]));
  expect(footer.text).toContain(`© ${site.copyrightYear} ${site.companyName}`);
}
