import { expect, test } from '@playwright/test';
import { company, entries, publishedArticles } from '../support/site.ts';
import { longCaseStudy as caseStudy } from '../support/content-variants.ts';
import { axeViolations, searchFor, searchResults as results, viewports } from './support.ts';

// Site search as a visitor uses it, on the Worker: Pagefind's index, built from the pages the Worker serves.

const services = entries<{ title: string }>('services');
const team = entries<{ name: string; role: string }>('team');
const [product, member, client, article] = [entries<{ name: string }>('products')[0]!, team[0]!, entries<{ name: string }>('clients')[0]!, publishedArticles()[0]!];
/** Words on pages of more than one kind, whatever the editors write: the name of an article's author, which the article's byline and the About page (the team) both carry. */
const authorName = team.find((entry) => entry.id === article.data.author.id)!.data.name;

test.use({ viewport: viewports.desktop });

test('on the search page, a word from each kind of page finds that page, named with its kind; the kinds filter the results; axe finds nothing in either scheme; the keyboard moves through the results and Enter opens one', async ({ page }) => {
  test.setTimeout(60_000);
  const [errors, fetched]: [string[], string[]] = [[], []];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`)));
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));

  await page.goto('/Search/');
  // Nothing of search is fetched until the visitor searches; the field is ready to type in.
  const field = page.getByRole('searchbox', { name: 'Search the site' });
  await expect(field).toBeFocused();
  expect(fetched.filter((path) => path.startsWith('/pagefind/'))).toEqual([]);

  const findings = [
    { words: services[0]!.data.title, kind: 'Service', href: `/${services[0]!.id}/` },
    { words: product.data.name, kind: 'Product', href: `/${product.id}/` },
    { words: caseStudy.title, kind: 'Project', href: `/OurProjects/${caseStudy.id}/` },
    { words: article.data.title, kind: 'Article', href: `/Insights/${article.id}/` },
    // The about page, by a team member's name and role; the clients page, by a client's name.
    { words: `${member.data.name} ${member.data.role}`, kind: 'Company', href: '/AboutUs/' },
    { words: client.data.name, kind: 'Company', href: '/Clients/' },
  ];
  const found = new Set<string>();
  for (const { words, kind, href } of findings) {
    const shown = await searchFor(page, words);
    expect(shown, words).toContainEqual({ kind, href });
    for (const result of shown) found.add(result.href!);
    // The address follows the search, so it can be shared or reloaded.
    expect(new URL(page.url()).searchParams.get('q')).toBe(words);
  }
  await expect(page.locator('[data-search-results] li mark').first()).toBeVisible();

  // A word on pages of several kinds, then only one kind of them; with results on screen, in
  // both schemes, nothing an accessibility rule flags.
  const everything = await searchFor(page, authorName);
  expect(new Set(everything.map((result) => result.kind)).size).toBeGreaterThan(1);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page), colorScheme).toEqual([]);
  }
  await page.getByRole('radio', { name: 'Articles' }).check();
  await expect.poll(async () => new Set((await results(page)).map((result) => result.kind))).toEqual(new Set(['Article']));
  expect((await results(page)).map((result) => result.href)).toEqual(everything.filter((result) => result.kind === 'Article').map((result) => result.href));

  // Only content pages are found: words of the 404 page and the form's outcome pages find none of
  // them, and nothing found is outside the site index (checked against the content in page-content.ts).
  for (const words of ['Page not found', 'Message sent', 'Message not sent']) {
    for (const result of await searchFor(page, words)) found.add(result.href!);
  }
  const indexed = new Set(await page.locator('section[aria-labelledby="site-index"] a').evaluateAll((links) => links.map((link) => link.getAttribute('href')!)));
  expect([...found].filter((href) => !indexed.has(href))).toEqual([]);

  // A word on no page says so, and points to the index of every page below; nor do words only in
  // the addresses of pictures (Pagefind would take the first picture's as the page's image) find any.
  await page.getByRole('radio', { name: 'Everything' }).check();
  for (const words of ['zyzzyva', 'svg']) {
    await searchFor(page, words);
    await expect(page.getByRole('status')).toHaveText(`Nothing found for “${words}”. Try another word, or look through every page below.`);
    await expect(page.locator('[data-search-results] li')).toHaveCount(0);
  }

  // Pagefind runs in its own worker, under the page's strict policy: nothing was refused.
  expect(fetched).toContain('/pagefind/pagefind-worker.js');
  expect(errors).toEqual([]);

  await searchFor(page, authorName);
  const links = page.locator('[data-search-results] a');
  for (const [key, focused] of [['ArrowDown', links.nth(0)], ['ArrowDown', links.nth(1)], ['ArrowUp', links.nth(0)], ['ArrowUp', field], ['ArrowDown', links.nth(0)]] as const) {
    await page.keyboard.press(key);
    await expect(focused, key).toBeFocused();
  }
  const href = await links.nth(0).getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[/.]/g, '\\$&')}$`));

  // Back on the search page by its address with a word: the results for that word, at once.
  await page.goto(`/Search/?q=${encodeURIComponent(company.brand)}`);
  await expect(field).toHaveValue(company.brand);
  await expect(page.getByRole('status')).toContainText(`found for “${company.brand}”`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: viewports.phone });

  test('the header’s control, a plain form, opens the search page, which lists every page and offers no control that could not work', async ({ page }) => {
    await page.goto(`/${services[0]!.id}/`);
    await page.getByRole('search').getByRole('button', { name: 'Search the site' }).click();
    await expect(page).toHaveURL(/\/Search\/\?$/);
    // The kinds and the results need the script: not shown (an element that is missing or empty counts as hidden,
    // so each is found and its display read). Every page is listed instead: page-content.ts checks which, every-page.spec.ts that it shows.
    for (const control of ['[data-search-kinds]', '[data-search-more]']) await expect(page.locator(control), control).toHaveCSS('display', 'none');
    await expect(page.locator('[data-search-results]')).toBeEmpty();
  });
});
