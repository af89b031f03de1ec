import { expect, type Locator, type Page } from '@playwright/test';
import { company, entries, firstWords, hasCaseStudy, paths, productName, publishedArticles, straightQuotes, type Article, type Entry } from '../support/site.ts';
import { contactFields, hrefsIn } from './support.ts';
import { lastCaseStudy, longCaseStudy, newProduct, newService, quotedProjects } from '../support/content-variants.ts';

// What each kind of page must show: every entry the build read (tests/support/site.ts), and what the
// site's rules make of the tests' own entries, stated here. tests/e2e/every-page.spec.ts runs these
// on the one visit it makes to each page.

type Picture = { alt: string };
type Point = { title: string };
type Question = { question: string; answer: string };
const services = entries<{ title: string; onHome: boolean; deliverables: string[]; process: Point[]; technologies: { group: string; items: string[] }[]; questions: Question[]; engagement: Record<'work' | 'duration' | 'price', string>; people: { id: string }[] }>('services');
const products = entries<{ name: string; features: (Point & { steps: string[]; picture?: Picture })[]; audiences: (Point & { features: Point[]; picture?: Picture })[]; roles: Point[]; variants: { id: string }[]; terms?: Partial<Record<string, string | boolean>> & { price?: string }; questions: Question[]; people: { id: string }[] }>('products');
const variants = entries<{ name: string }>('productVariants');
type Project = { title: string; summary: string; url?: string; year: number; image: Picture; gallery: Picture[]; services: { id: string }[]; products: { id: string }[]; figures: { value: string; label: string }[]; technologies: string[]; quote?: { text: string; name: string; role: string } };
const projects = entries<Project>('projects');
const clients = entries<{ name: string; logo: Picture; project?: { id: string } }>('clients');
const articles = publishedArticles();
const team = entries<{ name: string; role: string; bio?: string; profile?: string }>('team');
const isAbout = (article: Entry<Article>, serviceId: string) => article.data.services.some((reference) => reference.id === serviceId);
const day = (date: Date) => date.toISOString().slice(0, 10);
/** The words of a fixed page (src/content/pages/), as editors wrote them. */
const pageText = <Data>(id: string) => entries<Data>('pages').find((entry) => entry.id === id)!.data;
/** Words as a page shows them: each placeholder (such as `{product}`) filled in with something. */
const shownAs = (words: string) => new RegExp(words.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('.+'));
const authorOf = (article: Entry<Article>) => team.find((member) => member.id === article.data.author.id)!;
/** The page as search engines read it: its JSON-LD items. */
const structuredData = async (page: Page) => (await page.locator('script[type="application/ld+json"]').allTextContents()).flatMap((text) => JSON.parse(text) as Record<string, unknown>[]);
const datetimes = (locator: Locator) => locator.evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));

/** The article cards in `scope` are these articles, in this order: title, date, author, reading time, summary, and the link to each. */
async function checkArticleCards(page: Page, scope: string, shown: Entry<Article>[]): Promise<void> {
  const cards = page.locator(`${scope} .card`);
  await expect(cards.locator('.card__title')).toHaveText(shown.map((article) => article.data.title));
  expect(await datetimes(cards.locator('time'))).toEqual(shown.map((article) => day(article.data.publishDate)));
  for (const [index, article] of shown.entries()) {
    await expect(cards.nth(index).locator('.insight-card__byline')).toHaveText(new RegExp(` · ${authorOf(article).data.name} · \\d+ min read$`));
    await expect(cards.nth(index)).toContainText(article.data.summary);
  }
  expect(await hrefsIn(page, `${scope} .card`)).toEqual(shown.map((article) => `/Insights/${article.id}/`));
}

async function article(page: Page, entry: Entry<Article>) {
  const { id, data, body = '' } = entry;
  const author = authorOf(entry);
  const byline = page.locator('.article__byline');
  await expect(byline.getByRole('link', { name: author.data.name })).toHaveAttribute('href', `/AboutUs/#${author.id}`);
  await expect(byline).toContainText(author.data.role);
  await expect(byline).toContainText(/\d+ min read/);
  expect(await datetimes(byline.locator('time'))).toEqual([data.publishDate, ...(data.updatedDate ? [data.updatedDate] : [])].map(day));
  // Its cover opens it; the tests' own has none and opens with its service's drawing instead.
  await expect(page.locator('header.hero img')).toHaveAttribute('alt', data.cover?.alt ?? 'A server moving into the cloud');
  // The text's own headings, in order, and its first paragraph.
  expect((await page.locator('.article__text h2').allTextContents()).map(straightQuotes)).toEqual([...body.matchAll(/^## (.+)$/gm)].map(([, heading]) => straightQuotes(heading!.trim())));
  expect(straightQuotes((await page.locator('.article__text p').first().textContent())!)).toContain(firstWords(body));
  expect(await hrefsIn(page, '.article__footer')).toEqual([...data.services.map((service) => `/${service.id}/`), '/Insights/']);
  // Up to three other published articles (which ones, the unit tests pin down), each card as it should be.
  const relatedHrefs = await hrefsIn(page, 'section[aria-labelledby="related"] .card');
  const related = relatedHrefs.map((href) => articles.find((other) => href === `/Insights/${other.id}/`)!);
  expect(related.length).toBeLessThanOrEqual(3);
  expect(relatedHrefs).not.toContain(`/Insights/${id}/`);
  await checkArticleCards(page, 'section[aria-labelledby="related"]', related);
  // As search engines read it: a BlogPosting by the team member, for the company.
  expect((await structuredData(page)).find((item) => item['@type'] === 'BlogPosting')).toMatchObject({
    headline: data.title, url: `${company.url}/Insights/${id}/`, image: `${company.url}/social.jpg`, datePublished: day(data.publishDate), dateModified: day(data.updatedDate ?? data.publishDate),
    author: { '@type': 'Person', name: author.data.name, jobTitle: author.data.role },
    publisher: { '@id': `${company.url}/#organization` },
  });
}

/** A page of articles: a run of them, newest first, and a filter for the articles about each service that has some, the one in force (`service`) marked. */
async function articleListing(page: Page, shown: Entry<Article>[], first: boolean, service?: string) {
  await checkArticleCards(page, 'main', await runShown(page, shown, first));
  // All, then each service with articles (the tests' own has one): those whose page of them the build made.
  const chips = await hrefsIn(page, '.by-service');
  expect(chips).toEqual(['/Insights/', ...services.map((entry) => `/Insights/service/${entry.id}/`).filter((href) => paths.includes(href))]);
  expect(chips).toContain(`/Insights/service/${newService.id}/`);
  await expect(page.locator('.by-service [aria-current="page"]')).toHaveText(service ? services.find((entry) => entry.id === service)!.data.title : 'All');
}

/** The clients' words in `scope`: each project's quote (for those that have one), above a link to its case study, else to its card. */
async function checkClientWords(page: Page, scope: string, shown: Entry<Project>[]): Promise<void> {
  const quoted = shown.flatMap(({ data: { quote } }) => (quote ? [quote] : []));
  for (const [part, selector] of [['text', 'blockquote'], ['name', '.quote__name'], ['role', '.quote__role']] as const) await expect(page.locator(`${scope} ${selector}`)).toHaveText(quoted.map((quote) => quote[part]));
  expect(await hrefsIn(page, scope)).toEqual(shown.map(projectAddress));
}

/** The questions in `scope`, each a disclosure that opens without a script (checked on the visit without one), only `open` shown open. (No FAQPage structured data: search engines show it for government and health sites only, and it would cost each page's first answer.) */
async function checkQuestions(page: Page, scope: string, questions: (Question & { open?: boolean })[]): Promise<void> {
  await expect(page.locator(`${scope} details > summary`)).toHaveText(questions.map((item) => item.question));
  expect(await page.locator(`${scope} details`).evaluateAll((all) => all.map((details) => (details as HTMLDetailsElement).open))).toEqual(questions.map((item) => item.open ?? false));
}

/** The project cards in `scope` are these projects: title, picture, text, and where each leads. */
async function checkProjectCards(page: Page, scope: string, shown: Entry<Project>[]): Promise<void> {
  const cards = page.locator(`${scope} .card`);
  await expect(cards.locator('.card__title')).toHaveText(shown.map((project) => project.data.title));
  for (const [index, project] of shown.entries()) {
    const card = cards.nth(index);
    await expect(card.locator('img')).toHaveAttribute('alt', project.data.image.alt);
    await expect(card).toContainText(project.data.summary);
    const link = card.getByRole('link');
    if (hasCaseStudy(project)) {
      await expect(link).toHaveAttribute('href', `/OurProjects/${project.id}/`);
      await expect(link).toHaveText(/^Read the case study/);
    } else if (project.data.url) {
      // No case study: the card leads to the live site, in a new tab, safely.
      await expect(link).toHaveAttribute('href', project.data.url);
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveText(/^Visit the site.*opens in a new tab/);
    } else {
      await expect(link).toHaveCount(0);
      await expect(card).toContainText('no public site');
    }
  }
}

async function home(page: Page) {
  // The sections the spec gives, in its order.
  const order = ['what-we-do', 'about-us', 'products', 'our-clients'];
  expect((await page.locator('main section[aria-labelledby]').evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-labelledby')))).filter((id) => order.includes(id!))).toEqual(order);
  const hero = page.locator('main > header.hero');
  await expect(hero).toContainText(shownAs(pageText<{ subtitle: string }>('home').subtitle));
  // Whom the company serves and where, from the company details, above the headline.
  await expect(hero.locator('.home-lead')).toHaveText(`${company.tagline} · ${company.location}`);
  // One filled action, to talk to the company, the point of sale and Services after it; then the
  // results of the case studies its file names (in the copy, the tests' own last and first), each
  // with its client, else its title, leading to the case study; then every client's logo.
  expect(await hrefsIn(page, 'main > header.hero .hero__actions')).toEqual(['/Contact/', '/IPOS/', '/OurServices/']);
  await expect(hero.locator('.hero__actions a')).toHaveClass([/button--primary/, /button--quiet/, /button--quiet/]);
  await expect(hero.locator('.home-results strong')).toHaveText(['40,000', '2 days → 1 h']);
  await expect(hero.locator('.home-results a')).toHaveText(['Zetland Historical Society archive', 'Riverside Dental copy']);
  expect(await hrefsIn(page, '.home-results')).toEqual([`/OurProjects/${lastCaseStudy.id}/`, `/OurProjects/${longCaseStudy.id}/`]);
  await expect(page.locator('.home-logos img')).toHaveCount(clients.length);
  const onHome = services.filter((service) => service.data.onHome);
  await expect(page.locator('section[aria-labelledby="what-we-do"] .card h3')).toHaveText(onHome.map((service) => service.data.title));
  expect(await hrefsIn(page, 'section[aria-labelledby="what-we-do"] .card')).toEqual(onHome.map((service) => `/${service.id}/`));
  // A link under the services shown names how many there are in all, as the tests' own is left out.
  await expect(page.locator('.all-services a')).toHaveText(/^See all [a-z]+ services$/);
  await expect(page.locator('section[aria-labelledby="about-us"]').getByRole('link', { name: /learn more/i })).toHaveAttribute('href', '/AboutUs/');
  await expect(page.locator('section[aria-labelledby="products"] .card h3')).toHaveText(variants.map((variant) => variant.data.name));
  expect(await hrefsIn(page, 'section[aria-labelledby="products"] .card')).toEqual(variants.map(() => '/IPOS/'));
  await expect(page.locator('section[aria-labelledby="our-clients"] img')).toHaveCount(clients.length);
  // Under the logos, the words of the first three clients who gave some: the tests' own.
  await expect(page.locator('.home-quotes .quote__name')).toHaveText(quotedProjects.map((project) => project.quote));
  expect(await hrefsIn(page, '.home-quotes')).toEqual(['/OurProjects/archived-council-records/', '/OurProjects/#ashfield-tutoring', '/OurProjects/#avalon-surf-school']);
  await expect(page.locator('main').getByRole('link', { name: /contact us/i })).toHaveAttribute('href', '/Contact/');
  // As search engines read it: the site, with its search, whose page opens with the results for `q`.
  const potentialAction = { '@type': 'SearchAction', target: { '@type': 'EntryPoint', urlTemplate: `${company.url}/Search/?q={search_term_string}` }, 'query-input': 'required name=search_term_string' };
  expect((await structuredData(page)).find((item) => item['@type'] === 'WebSite')).toMatchObject({ name: company.companyName, url: `${company.url}/`, potentialAction });
}

async function about(page: Page) {
  await expect(page.locator('main')).toContainText(String(company.foundedYear));
  await expect(page.getByText('Our mission')).toBeVisible();
  await expect(page.locator('section[aria-labelledby="our-values"] .card h3')).toHaveText(entries<Point>('values').map((value) => value.data.title));
  const members = page.locator('.people--team .person');
  for (const [selector, field] of [['h3', 'name'], ['.person__role', 'role']] as const) await expect(members.locator(selector)).toHaveText(team.map((member) => member.data[field]));
  // Until photos are uploaded, no two neighbours' monograms look alike, side by side or one above the other in rows of two or four.
  const looks = await members.evaluateAll((all) => all.map((member) => /monogram--\d/.exec(member.querySelector('.portrait--monogram')?.getAttribute('class') ?? '')?.[0]));
  expect(looks.filter((look, index) => look && [1, 2, 4].some((back) => look === looks[index - back]))).toEqual([]);
  // Each has an address of its own, which an article's byline links to.
  expect(await members.evaluateAll((all) => all.map((member) => member.id))).toEqual(team.map((member) => member.id));
  // A line on each one's experience, and a link to their professional profile, where given.
  await expect(members.locator('.person__bio')).toHaveText(team.flatMap((member) => (member.data.bio ? [member.data.bio] : [])));
  expect(await hrefsIn(page, '.people--team')).toEqual(team.flatMap((member) => (member.data.profile ? [member.data.profile] : [])));
  for (const member of team.filter((entry) => entry.data.profile)) await expect(page.getByRole('link', { name: `Professional profile of ${member.data.name}` })).toHaveAttribute('href', member.data.profile!);
  for (const member of await members.all()) await expect(member.getByRole('img')).toHaveAccessibleName(/\w{3,}/);
}

async function contact(page: Page) {
  await expect(page.locator(`main a[href="mailto:${company.email}"]`).first()).toBeVisible();
  // What happens after sending, and when the office answers, beside the details.
  await expect(page.locator('.contact__steps li')).toHaveText(pageText<{ sections: { nextSteps: { steps: string[] } } }>('contact').sections.nextSteps.steps);
  await expect(page.locator('.contact__list')).toContainText(company.hours);
  await expect(page.locator('main .social-links a')).toHaveCount(company.social.length);
  const form = page.locator('form.contact-form');
  await expect(form).toHaveAttribute('method', 'post');
  await expect(form).toHaveAttribute('action', '/api/contact');
  // All five fields are required; the e-mail is an e-mail field and the message has five rows.
  for (const [label, name] of contactFields) {
    await expect(form.getByLabel(label, { exact: true })).toHaveAttribute('name', name);
    await expect(form.getByLabel(label, { exact: true })).toHaveAttribute('required', '');
  }
  await expect(form.getByLabel('E-mail address')).toHaveAttribute('type', 'email');
  await expect(form.getByLabel('Message')).toHaveAttribute('rows', '5');
}

async function listing(page: Page, items: { id: string; title: string | RegExp }[]) {
  await expect(page.locator('main .card h2')).toHaveText(items.map((item) => item.title));
  expect(await hrefsIn(page, 'main .card')).toEqual(items.map((item) => `/${item.id}/`));
}

async function clientsPage(page: Page) {
  const cards = page.locator('main .card');
  await expect(cards.locator('h2')).toHaveText(clients.map((client) => client.data.name));
  for (const [index, client] of clients.entries()) await expect(cards.nth(index).locator('img')).toHaveAttribute('alt', client.data.logo.alt);
  expect(await cards.evaluateAll((all) => all.map((card) => card.id))).toEqual(clients.map((client) => client.id));
  // Each leads to its project: the case study, else the card on its page of the Projects page.
  expect(await hrefsIn(page, 'main .card')).toEqual(clients.map((client) => projectAddress(projects.find((project) => project.id === client.data.project!.id)!)));
}

async function service(page: Page, { id, data }: Entry<(typeof services)[number]['data']>) {
  // The hero's contact button opens the form with this service as its subject.
  const enquiry = page.locator('main > header.hero .hero__actions a');
  await expect(enquiry).toHaveAccessibleName(`Talk to us about ${data.title}`);
  await expect(enquiry).toHaveAttribute('href', `/Contact/?${new URLSearchParams({ subject: data.title })}#contact-form-title`);
  await expect(page.locator('.prose p').first()).toHaveText(/\w/);
  await expect(page.locator('.deliverables .check-list li')).toHaveText(data.deliverables);
  // A typical engagement in sight under its title, and who leads the work with their certifications (the tests' own: Zara Okafor, Azure Administrator).
  await expect(page.locator('.engagement dd')).toHaveText([data.engagement.work, data.engagement.duration, data.engagement.price]);
  await expect(page.locator('.engagement')).toBeInViewport();
  await expect(page.locator('.service-people .person__name')).toHaveText(data.people.map((person) => team.find((member) => member.id === person.id)!.data.name));
  if (id === newService.id) await expect(page.locator('.service-people .person')).toContainText('Azure Administrator');
  await expect(page.locator('.steps li h3')).toHaveText(data.process.map((step) => step.title));
  const technologies = page.locator('section[aria-labelledby="technologies"]');
  await expect(technologies.locator('.tech-group h3')).toHaveText(data.technologies.map((group) => group.group));
  for (const [index, group] of data.technologies.entries()) await expect(technologies.locator('.tech-group').nth(index).locator('li')).toHaveText(group.items);
  // Its recent work: one row of its first projects (the tests' service: its first three), and a link to all of them.
  const own = projects.filter((project) => project.data.services.some((reference) => reference.id === id));
  const work = await runShown(page, own, true, 'section[aria-labelledby="related-work"]');
  if (id === newService.id) expect(work.map((project) => project.id)).toEqual(quotedProjects.map((project) => project.id));
  await checkProjectCards(page, 'section[aria-labelledby="related-work"]', work);
  expect(await hrefsIn(page, 'section[aria-labelledby="related-work"] .related-work__all')).toEqual(own.length ? [`/OurProjects/service/${id}/`] : []);
  await checkClientWords(page, 'section[aria-labelledby="testimonials"]', own.filter((project) => project.data.quote));
  await checkQuestions(page, 'section[aria-labelledby="questions"]', data.questions);
  // Its latest articles: one row, and a link to all of them.
  const about = articles.filter((entry) => isAbout(entry, id));
  await checkArticleCards(page, 'section[aria-labelledby="insights"]', await runShown(page, about, true, 'section[aria-labelledby="insights"]'));
  expect(await hrefsIn(page, 'section[aria-labelledby="insights"] .related-work__all')).toEqual(about.length ? [`/Insights/service/${id}/`] : []);
}

async function product(page: Page, { id, data }: Entry<(typeof products)[number]['data']>) {
  // The projects that name it, with their clients' words, beside its story.
  await checkClientWords(page, '.used-by', projects.filter((project) => project.data.products.some((reference) => reference.id === id)));
  if (id === newProduct.id) expect(await hrefsIn(page, '.used-by')).toEqual(['/OurProjects/#ashfield-tutoring', '/OurProjects/#avalon-surf-school', '/OurProjects/3/#riverside-dental']);
  // How it is bought, in sight without opening anything: its price and the people behind it beside
  // its story, each term it has under its name; then its own questions, closed.
  if (data.terms?.price) await expect(page.locator('.price-card__price')).toBeVisible();
  await expect(page.locator('.price-card__price')).toHaveText(data.terms?.price ? [data.terms.price] : []);
  await expect(page.locator('.price-card .person__name')).toHaveText(data.people.map((person) => team.find((member) => member.id === person.id)!.data.name));
  const terms = Object.entries(data.terms ?? {}).flatMap(([field, text]) => (field !== 'price' && typeof text === 'string' ? [text] : []));
  expect((await page.locator('section[aria-labelledby="buying"] dd').allTextContents()).sort()).toEqual(terms.sort());
  await checkQuestions(page, 'section[aria-labelledby="questions"]', data.questions);
  // It ends with its demo request, not the general invitation, as does the button beside its price.
  const band = page.locator('.cta a');
  await expect(band).toContainText(shownAs(pageText<{ sections: { demo: { button: string } } }>('products').sections.demo.button));
  await expect(page.locator('h1')).toHaveText(productName({ id, data }));
  expect(await page.locator(':is(.cta, .price-card) a.button').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([...(data.terms?.price || data.people.length ? [`/Demo/${id}/#contact-form-title`] : []), `/Demo/${id}/#contact-form-title`]);
  await expect(page.locator('.features .card__title')).toHaveText(data.features.map((feature) => feature.title));
  await expect(page.locator('.state-flow li')).toHaveText(data.features.flatMap((feature) => feature.steps));
  // Each feature with its own picture of the screen, said in words; one without shows its icon.
  for (const [index, feature] of data.features.entries()) {
    const card = page.locator('.features .card').nth(index);
    if (feature.picture) await expect(card.locator('img')).toHaveAttribute('alt', feature.picture.alt);
    await expect(card.locator('.card__icon')).toHaveCount(feature.picture ? 0 : 1);
  }
  await expect(page.locator('section[aria-labelledby="variants"] h3')).toHaveText(data.variants.map((variant) => variants.find((entry) => entry.id === variant.id)!.data.name));
  const sides = page.locator('section[aria-labelledby="audiences"] .card-grid > li');
  await expect(sides.locator('h3')).toHaveText(data.audiences.map((audience) => audience.title));
  for (const [index, audience] of data.audiences.entries()) await expect(sides.nth(index).locator('dt')).toHaveText(audience.features.map((feature) => feature.title));
  // The roles, each with an icon of its own.
  const roles = page.locator('section[aria-labelledby="roles"] .card');
  await expect(roles.locator('h3')).toHaveText(data.roles.map((role) => role.title));
  expect(new Set(await roles.locator('.card__icon svg').evaluateAll((all) => all.map((icon) => icon.innerHTML))).size).toBe(data.roles.length);
}

async function caseStudy(page: Page, project: Entry<Project>) {
  const { year, url, figures, technologies, quote, gallery } = project.data;
  // The text's own headings (the challenge, what we built, the results), in order.
  await expect(page.locator('.case-study__text h2')).toHaveText([...project.body!.matchAll(/^## (.+)$/gm)].map(([, heading]) => heading!.trim()));
  const facts = page.locator('.facts');
  // A term and its value read apart in search excerpts, by a colon only screen readers and search see.
  for (const term of await facts.locator('dt').evaluateAll((terms) => terms.map((term) => [term.textContent!.endsWith(': '), term.lastElementChild?.matches('.visually-hidden')]))) expect(term).toEqual([true, true]);
  await expect(facts).toContainText(String(year));
  for (const { id } of project.data.services) await expect(facts.locator(`a[href="/${id}/"]`)).toHaveText(services.find((entry) => entry.id === id)!.data.title);
  await expect(facts.locator('.facts__tags li')).toHaveText(technologies);
  const client = clients.find((entry) => entry.data.project?.id === project.id);
  if (client) await expect(facts.locator(`a[href="/Clients/#${client.id}"]`)).toHaveText(client.data.name);
  if (url) await expect(facts.getByRole('link', { name: /live site/ })).toHaveAttribute('href', url);
  else await expect(facts).toContainText('no public site');
  await expect(page.locator('.figures__value')).toHaveText(figures.map((figure) => figure.value));
  await expect(page.locator('.figures__label')).toHaveText(figures.map((figure) => figure.label));
  // Its picture opens the page; the gallery holds its others.
  await expect(page.locator('header.hero img')).toHaveAttribute('alt', project.data.image.alt);
  expect(await page.locator('.gallery img').evaluateAll((pictures) => pictures.map((picture) => picture.getAttribute('alt')))).toEqual(gallery.map((picture) => picture.alt));
  if (quote) await expect(page.locator('.quote blockquote')).toHaveText(quote.text);
  else await expect(page.locator('.quote')).toHaveCount(0);
  // It leads on to the case studies before and after it in the Projects page's order, round to the
  // other end: the tests' own are the first and the last.
  const [before, after] = await hrefsIn(page, 'nav[aria-label="More case studies"]');
  for (const href of [before, after]) expect(paths.filter((path) => /^\/OurProjects\/[a-z][\w-]*\/$/.test(path) && path !== `/OurProjects/${project.id}/`)).toContain(href);
  if (project.id === longCaseStudy.id) expect(before).toBe(`/OurProjects/${lastCaseStudy.id}/`);
  if (project.id === lastCaseStudy.id) expect(after).toBe(`/OurProjects/${longCaseStudy.id}/`);
}

/** Where a project is: its case study, else its card on whichever page of the Projects page holds it (own-content.spec.ts follows one there). */
function projectAddress(project: { id: string }): unknown {
  return hasCaseStudy(project) ? `/OurProjects/${project.id}/` : expect.stringMatching(new RegExp(`^/OurProjects/(\\d+/)?#${project.id}$`));
}

/**
 * The entries of `all` that the cards in `scope` are (each card's id is its entry's), in their order
 * with none left out between them, from the first on a listing's first page or a page's row; some
 * whenever `all` has some. How many a page or a row holds is the unit tests' (tests/unit/page-data.test.ts).
 */
async function runShown<Item extends Entry<unknown>>(page: Page, all: Item[], first: boolean, scope = 'main'): Promise<Item[]> {
  const ids = await page.locator(`${scope} .card`).evaluateAll((cards) => cards.map((card) => card.id));
  expect(ids.length > 0, `cards in ${scope}`).toBe(all.length > 0);
  if (!ids.length) return [];
  const start = all.findIndex((item) => item.id === ids[0]);
  expect(start, `the first card, #${ids[0]}`).toBe(first ? 0 : Math.max(start, 1));
  expect(ids).toEqual(all.slice(start, start + ids.length).map((item) => item.id));
  return all.slice(start, start + ids.length);
}

/**
 * The search page's index of the site, which a visitor without JavaScript gets instead of results:
 * every service, product, project and article, and the pages about the company, each by its title.
 */
async function siteIndex(page: Page) {
  const pageTitle = (id: string) => pageText<{ title: string }>(id).title;
  const expected = [
    ['Services', services.map((entry) => ({ title: entry.data.title, href: `/${entry.id}/` }))],
    ['Products', products.map((entry) => ({ title: expect.stringMatching(productName(entry)), href: `/${entry.id}/` }))],
    ['Projects', projects.map((project) => ({ title: project.data.title, href: projectAddress(project) }))],
    ['Articles', articles.map((entry) => ({ title: entry.data.title, href: `/Insights/${entry.id}/` }))],
    ['The company', [{ title: pageTitle('about'), href: '/AboutUs/' }, { title: pageTitle('clients'), href: '/Clients/' }]],
  ] as const;
  const shown = await page.locator('section[aria-labelledby="site-index"] .site-index__kind').evaluateAll((kinds) =>
    kinds.map((kind) => [kind.querySelector('h3')?.textContent?.trim(), [...kind.querySelectorAll('a')].map((link) => ({ title: link.textContent?.trim(), href: link.getAttribute('href') }))]),
  );
  expect(shown).toEqual(expected);
}

/** Runs the checks of the page at `path`, by its kind, if it has any beyond what every page is checked for. */
export async function checkPageContent(page: Page, path: string): Promise<void> {
  const [top = '', below, group, number = '1'] = path.split('/').filter(Boolean);
  const fixedPages: Record<string, () => Promise<void>> = {
    '': () => home(page),
    AboutUs: () => about(page),
    Contact: () => contact(page),
    Clients: () => clientsPage(page),
    Search: () => siteIndex(page),
    OurServices: () => listing(page, services.map((entry) => ({ id: entry.id, title: entry.data.title }))),
    OurProducts: async () => {
      await listing(page, products.map((entry) => ({ id: entry.id, title: productName(entry) })));
      // Each product shows one of its drawings, if it has any: the tests' own has none.
      const drawings = await page.locator('main .card').evaluateAll((cards) => cards.map((card) => card.querySelector('img')?.getAttribute('alt') ?? null));
      expect(drawings).toEqual(products.map(({ data }) => (data.features.some((part) => part.picture) || data.audiences.some((part) => part.picture) ? expect.any(String) : null)));
      for (const [index, { data }] of products.entries()) if (drawings[index]) expect([...data.features, ...data.audiences].map((part) => part.picture?.alt)).toContain(drawings[index]);
    },
  };
  if (Object.hasOwn(fixedPages, top)) return fixedPages[top]!();
  // The Projects page, its numbered pages and its pages by service: a run of the projects, each card as it should be.
  if (top === 'OurProjects' && (!below || /^\d+$/.test(below))) return checkProjectCards(page, 'main', await runShown(page, projects, !below));
  if (top === 'OurProjects' && below === 'service') return checkProjectCards(page, 'main', await runShown(page, projects.filter((project) => project.data.services.some(({ id }) => id === group)), number === '1'));
  if (top === 'Insights' && (!below || /^\d+$/.test(below))) return articleListing(page, articles, !below);
  if (top === 'Insights' && below === 'service') return articleListing(page, articles.filter((entry) => isAbout(entry, group!)), number === '1', group);
  const ofArticle = articles.find((entry) => top === 'Insights' && entry.id === below);
  if (ofArticle) return article(page, ofArticle);
  const study = projects.find((project) => top === 'OurProjects' && project.id === below);
  if (study) return caseStudy(page, study);
  const ofService = services.find((entry) => entry.id === top);
  if (ofService) return service(page, ofService);
  const ofProduct = products.find((entry) => entry.id === top);
  if (ofProduct) return product(page, ofProduct);
}
