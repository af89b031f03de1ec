import { expect, test } from '@playwright/test';
import { brandedName } from '../../src/lib/site/config.ts';
import { site } from '../../src/site.config.ts';
import { clients, fixedPageTitle, homeServices, pageSection, products, productVariants, services, textBeforePlaceholders } from '../support/site-content.ts';
import { hrefsIn, mainNavigation } from './support.ts';

const pos = products.find((product) => product.id === 'IPOS')!;
const callToAction = pageSection('contact', 'callToAction');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('home page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('has the document head every page needs', async ({ page }) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-AU');
    await expect(page).toHaveTitle(/Impact IT Solutions/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL('/', site.url).href);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    expect((await page.request.get('/favicon.svg')).status()).toBe(200);
  });

  test('shows its sections in the order the spec gives', async ({ page }) => {
    const headings = await page.locator('main h1, main h2').allTextContents();
    expect(headings.map((text) => text.trim())).toEqual([
      fixedPageTitle('home'),
      pageSection('home', 'whatWeDo').title,
      expect.stringMatching(new RegExp(`^${escapeRegExp(textBeforePlaceholders(pageSection('home', 'aboutTeaser').title!))}`)),
      brandedName(site, pos.data.name),
      pageSection('home', 'clients').title,
      `${callToAction.title} ${callToAction.accent}`,
    ]);
  });

  test('hero: the since-2017 line and buttons to the POS product and to Services', async ({ page }) => {
    const hero = page.locator('main > header.hero');
    await expect(hero.locator('h1')).toContainText('software');
    await expect(hero).toContainText(`Providing professional IT services since ${site.foundedYear}`);
    expect(await hrefsIn(page, 'main > header.hero .hero__actions')).toEqual(['/IPOS/', '/OurServices/']);
  });

  test('What We Do: a card for each home-page service, each linking to its service page', async ({ page }) => {
    const section = page.locator('section[aria-labelledby="what-we-do"]');
    await expect(section.locator('.card')).toHaveCount(homeServices.length);
    expect(await hrefsIn(page, 'section[aria-labelledby="what-we-do"] .card')).toEqual(homeServices.map((service) => `/${service.id}/`));
    await expect(section.locator('.card h3')).toHaveText(homeServices.map((service) => service.data.title));
  });

  test('About Us teaser links to the About page', async ({ page }) => {
    const link = page.locator('section[aria-labelledby="about-us"]').getByRole('link', { name: /learn more/i });
    await expect(link).toHaveAttribute('href', '/AboutUs/');
  });

  test('the teaser photo is optimised: modern formats, a srcset and fixed dimensions', async ({ page }) => {
    const picture = page.locator('section[aria-labelledby="about-us"] picture');
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /400w.*1280w/);
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /400w.*1280w/);
    const image = picture.locator('img');
    await expect(image).toHaveAttribute('width', /\d+/);
    await expect(image).toHaveAttribute('height', /\d+/);
    await expect(image).toHaveAttribute('alt', /.+/);
  });

  test('Products: a card for each version of the point of sale, each linking to the POS page', async ({ page }) => {
    const section = page.locator('section[aria-labelledby="products"]');
    const variants = productVariants.filter((variant) => pos.data.variants?.includes(variant.id));
    await expect(section.locator('.card h3')).toHaveText(variants.map((variant) => variant.data.name));
    expect(await hrefsIn(page, 'section[aria-labelledby="products"] .card')).toEqual(variants.map(() => `/${pos.id}/`));
  });

  test('Our Clients: a logo for each client, each loading, each with alt text', async ({ page }) => {
    const logos = page.locator('section[aria-labelledby="our-clients"] img');
    await expect(logos).toHaveCount(clients.length);
    await logos.first().scrollIntoViewIfNeeded();
    for (const logo of await logos.all()) {
      await expect(logo).toHaveAttribute('alt', /\w{3,}/);
      await logo.scrollIntoViewIfNeeded();
      await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    }
  });

  test('the call-to-action band leads to the contact page', async ({ page }) => {
    const band = page.locator('section[aria-labelledby="cta-title"]');
    await expect(band.locator('h2')).toHaveText(`${callToAction.title} ${callToAction.accent}`);
    await expect(band.getByRole('link', { name: callToAction.button })).toHaveAttribute('href', '/Contact/');
  });

  test('footer: contact details, important links, services, products and copyright', async ({ page }) => {
    const footer = page.locator('footer.site-footer');
    await expect(footer.getByRole('heading', { name: 'Get in touch' })).toBeVisible();
    await expect(footer.locator('address')).toContainText(`${site.address.suburb} ${site.address.state} ${site.address.postcode}`);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveAttribute('href', `mailto:${site.email}`);
    expect(await hrefsIn(page, 'footer nav[aria-labelledby="footer-important"]')).toEqual(mainNavigation.map(([, href]) => href));
    expect(await hrefsIn(page, 'footer nav[aria-labelledby="footer-services"]')).toEqual(services.map((service) => `/${service.id}/`));
    await expect(footer.locator('nav[aria-labelledby="footer-products"] a')).toHaveText(products.map((product) => brandedName(site, product.data.name)));
    await expect(footer).toContainText(`© ${site.copyrightYear} ${site.companyName}`);
  });

  test('the skip link is the first thing a keyboard reaches and jumps to the content', async ({ page }) => {
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});

test('no request leaves the site’s own origin', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(`${baseURL}/`) && !request.url().startsWith('data:')) foreign.push(request.url());
  });
  await page.goto('/');
  await page.mouse.wheel(0, 6000);
  await page.getByRole('button', { name: 'Menu' }).first().hover();
  await page.waitForLoadState('networkidle');
  expect(foreign).toEqual([]);
});

test('text uses the system font stack: no font is downloaded, so nothing swaps or shifts', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(fonts).toEqual([]);
  const bodyFont = await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily);
  expect(bodyFont).toMatch(/^system-ui/);
});
