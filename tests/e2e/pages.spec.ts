import { expect, test } from '@playwright/test';
import { hrefsIn, innerPages, pages } from './support';

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
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `https://www.example.com${path}`);
    await expect(page).toHaveTitle(new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| Impact IT Solutions$`));
  });

  test(`${path}: sub-paths and the form without a slash lead to the one canonical page`, async ({ page, request }) => {
    const bare = path.slice(0, -1);
    for (const variant of [bare, `${path}anything`, `${path}anything/`, `${path}deeply/nested/page`]) {
      const first = await request.get(variant, { maxRedirects: 0 });
      expect(first.status(), variant).toBe(301);
      expect(first.headers().location, variant).toBe(path);
    }
    const response = await page.goto(`${path}some/old/link`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.locator('h1')).toHaveText(heading);
  });
}

test('every page has a unique title and description', async ({ page }) => {
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
  const listed = [...sitemap.matchAll(/<loc>https:\/\/www\.example\.com([^<]*)<\/loc>/g)].map((match) => match[1]);
  expect(listed.sort()).toEqual(pages.map(([path]) => path).sort());
});

test('Services: six cards with Learn More to each service page', async ({ page }) => {
  await page.goto('/OurServices/');
  const cards = page.locator('main .card');
  await expect(cards).toHaveCount(6);
  expect(await hrefsIn(page, 'main .card')).toEqual(['/Cyber/', '/DataScience/', '/WebApp/', '/MobileApp/', '/SEO/', '/Software/']);
  for (const link of await cards.getByRole('link').all()) await expect(link).toHaveText(/^Learn more/);
});

test('Products: three cards to the three product pages', async ({ page }) => {
  await page.goto('/OurProducts/');
  await expect(page.locator('main .card h2')).toHaveText(['Impact Point of Sale', 'Impact Pay-Roll App', 'Impact LMS']);
  expect(await hrefsIn(page, 'main .card')).toEqual(['/IPOS/', '/IPayroll/', '/LMS/']);
});

test('Projects: six cards with image, title and description; external links open safely; no empty link', async ({ page }) => {
  await page.goto('/OurProjects/');
  const cards = page.locator('main .card');
  await expect(cards).toHaveCount(6);
  for (const card of await cards.all()) {
    await expect(card.locator('img')).toHaveAttribute('alt', /\w{3,}/);
    await expect(card.locator('h2')).toHaveText(/\w{3,}/);
    await expect(card.locator('.card__body p').last()).toHaveText(/.{40,}/);
  }
  const links = cards.getByRole('link');
  await expect(links).toHaveCount(5);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('href', /^https:\/\/\w/);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveText(/^Read more.*opens in a new tab/);
  }
  await expect(cards.filter({ hasNotText: 'Read more' })).toContainText('no public site');
});

test('no page has an empty or placeholder link', async ({ page }) => {
  for (const [path] of pages) {
    await page.goto(path);
    const bad = await page.locator('a').evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')).filter((href) => href === null || href.trim() === '' || href.trim() === '#'),
    );
    expect(bad, path).toEqual([]);
  }
});

test('About: founded 2017, mission, vision, five values and a team of eight', async ({ page }) => {
  await page.goto('/AboutUs/');
  await expect(page.locator('main')).toContainText('2017');
  await expect(page.getByText('Our mission')).toBeVisible();
  await expect(page.getByText('Our vision')).toBeVisible();
  await expect(page.locator('section[aria-labelledby="our-values"] .card')).toHaveCount(5);
  const members = page.locator('.member');
  await expect(members).toHaveCount(8);
  for (const member of await members.all()) {
    await expect(member.locator('.portrait')).toBeVisible();
    await expect(member.getByRole('img')).toHaveAccessibleName(/\w{3,}/);
    await expect(member.locator('h3')).toHaveText(/\w+ \w+/);
    await expect(member.locator('.member__role')).toHaveText(/\w{3,}/);
  }
});

test('Clients: five clients with logo, name, the work and a link to the matching project', async ({ page }) => {
  await page.goto('/Clients/');
  const cards = page.locator('main .card');
  await expect(cards).toHaveCount(5);
  for (const card of await cards.all()) {
    await expect(card.locator('img')).toHaveAttribute('alt', /\w{3,}/);
    const link = card.getByRole('link');
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/OurProjects\/#[\w-]+$/);
    await page.goto(href);
    await expect(page.locator(`#${href.split('#')[1]}`)).toBeVisible();
    await page.goBack();
  }
});

test('Web development lists its front-end and back-end technologies', async ({ page }) => {
  await page.goto('/WebApp/');
  const section = page.locator('section[aria-labelledby="technologies"]');
  await expect(section.getByRole('heading', { name: 'Front end' })).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Back end' })).toBeVisible();
  await expect(section.locator('.tech-group').first().locator('li')).toContainText(['TypeScript', 'React']);
});

for (const path of ['/Cyber/', '/DataScience/', '/WebApp/', '/MobileApp/', '/SEO/', '/Software/']) {
  test(`${path} says what the service is, what the client gets, how the work runs, and invites contact`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('.prose p').first()).toHaveText(/.{100,}/);
    expect(await page.locator('.deliverables li').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.steps li').count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('link', { name: 'CONTACT US' })).toHaveAttribute('href', '/Contact/');
  });
}

test('Point of sale: seven features, the order states, both variants and three roles', async ({ page }) => {
  await page.goto('/IPOS/');
  await expect(page.locator('.feature h2')).toHaveText([
    'Table self ordering',
    'Secured payment integration',
    'Smart recommendation',
    'Loyalty CRM',
    'Kitchen display system',
    'Stock control with low-stock alerts',
    'Real-time reports',
  ]);
  await expect(page.locator('.state-flow li')).toHaveText(['Pending', 'In the oven', 'Cooked', 'Delivered']);
  await expect(page.locator('section[aria-labelledby="variants"] h3')).toHaveText(['Retail POS', 'Hospitality POS']);
  await expect(page.locator('section[aria-labelledby="roles"] h3')).toHaveText(['Cashier', 'Kitchen staff', 'Admin']);
});

test('Payroll: the admin side and the employee side', async ({ page }) => {
  await page.goto('/IPayroll/');
  const [admin, employee] = await page.locator('.audience').all();
  await expect(admin!.locator('dt')).toHaveText(['Employee management', 'Employee directory', 'Payroll management', 'Employee daily report']);
  await expect(employee!.locator('dt')).toHaveText([
    'Mark attendance',
    'View attendance',
    'Apply for leave',
    'Check leave approval status',
    'Payroll',
  ]);
});

test('Learning management: the admin side and the student side', async ({ page }) => {
  await page.goto('/LMS/');
  const [admin, student] = await page.locator('.audience').all();
  await expect(admin!.locator('dt')).toHaveText([
    'Course creation',
    'Video conferencing',
    'Student performance tracker',
    'Offline learning trackers',
    'Course registration and delivery',
    'User data analysis',
  ]);
  await expect(student!.locator('dt')).toHaveText(['Progress tracking', 'Notifications for new lectures', 'Assignments and quizzes']);
});

test('Contact: e-mail, two social links and the form with five required, labelled fields', async ({ page }) => {
  await page.goto('/Contact/');
  await expect(page.locator('.contact__list a[href="mailto:support@example.com"]')).toBeVisible();
  await expect(page.locator('main .social-links a')).toHaveCount(2);
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
