import { expect, test } from '@playwright/test';
import { caseStudyPath } from '../../src/lib/content/routes.ts';
import type { ServicePage } from '../../src/lib/pages/services.ts';
import { projects } from '../support/site-content.ts';
import { pages } from './support.ts';

// Each case study, each service's recent work and each page of a service's projects is checked on
// its visit in tests/e2e/every-page.spec.ts against its data; here, how they are reached.

const cardOnly = projects.filter((project) => !project.body?.trim());
test('a project without a body has no page, and nothing links to one', async ({ request }) => {
  // npm run test:variants adds such projects to a copy of the site; this content may have none.
  test.skip(cardOnly.length === 0, 'every project here has a case study');
  const listing = await (await request.get('/OurProjects/')).text();
  for (const project of cardOnly) {
    expect((await request.get(caseStudyPath(project.id), { maxRedirects: 0 })).status()).toBe(404);
    expect(listing).not.toContain(`href="${caseStudyPath(project.id)}"`);
  }
});

test('a service’s recent work leads to all its projects, one click away', async ({ page }) => {
  const service = pages.find((candidate): candidate is ServicePage => candidate.kind === 'service' && (candidate as ServicePage).relatedWork !== null)!;
  const byService = pages.find((candidate) => candidate.head.path === service.relatedWork!.all.href)!;
  await page.goto(service.head.path);
  const link = page.locator('section[aria-labelledby="related-work"] .related-work__all a');
  await expect(link).toHaveText(service.relatedWork!.all.text);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${byService.head.path}$`));
  await expect(page.locator('h1')).toHaveText(byService.hero.title);
});
