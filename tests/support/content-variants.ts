import { appendFile, copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

// Content an editor might add or remove, written into a copy of the project by
// tests/content/content-variants.ts, which builds the copy once and runs the page tests on it: no
// ordinary content edit may turn CI red.

/** A new service, as docs/EDITING.md describes: one file, named after its address. */
export const newService = {
  path: 'src/content/services/CloudMigration.md',
  text: `---
title: Cloud migration
subtitle: Move your servers to the cloud without a weekend of downtime or a surprise bill.
summary: We move file servers, line-of-business apps and databases to Azure or AWS Sydney, with costs forecast before you commit.
icon: cloud-upload
order: 7
onHome: false
deliverables:
  - A migration plan with costs
  - Every system moved and tested
  - A monthly cost report
process:
  - title: Assess
    text: We list every server and what depends on it.
  - title: Move
    text: We move systems in small, reversible steps.
  - title: Tune
    text: We right-size what we moved so the bill falls.
---

Cloud migration without the surprises.
`,
};

/** Everyday punctuation in a page's text, which must show as written (and stop an .mdx file, which reads braces as code). */
export const punctuation = {
  path: 'src/content/services/Cyber.md',
  sentence: 'Most budgets are < $20k, and we quote {fixed prices} & R&D at 5 * 3 > 10 days.',
};

/** When the copy is built: 6 am in Sydney on 26 November 2026, as the morning build runs (SITE_NOW). */
export const variantsBuiltAt = '2026-11-25T19:00:00Z';

/** Articles an editor might write: one dated the day of the build (published that morning), a draft, and one for the next day. */
export const articleVariants = {
  publishedToday: 'cloud-costs-after-the-move',
  draft: 'a-draft-article',
  tomorrow: 'tomorrows-article',
} as const;

function articleFile({ title, date, draft = false, picture }: { title: string; date: string; draft?: boolean; picture?: string }): string {
  return `---
title: ${title}
summary: An article added to a copy of the site, to show how the Insights pages treat what an editor writes.
publishDate: ${date}
author: zara-okafor
services:
  - CloudMigration
  - Cyber
draft: ${draft}
---
Three things change on the first cloud bill after a move, and one of them is a surprise.
${picture ? `\n![A bar chart of a month's cloud costs](../../assets/insights/${picture})\n` : ''}
## What to check first

Check the storage you no longer need, and who can still read it.
`;
}

/** A project with a card only (no text, so no case study), for web development. */
function cardOnlyProject(index: number): string {
  return `---
title: Extra project ${index}
summary: A project added to a copy of the site so that the Projects page needs more than one page of cards.
image:
  src: ../../assets/projects/harbour-and-vine/image/src.svg
  alt: A tablet showing an order screen
services: [WebApp]
year: 2025
order: ${200 + index}
---
`;
}

/**
 * The variants, in one copy so that one build serves them all: one more service (with a page of
 * projects), team member (with a line on their experience and a profile), client (with an uploaded
 * logo that has no dark version) and project (a card only, naming a product, with no quote, ordered
 * last so that its card is on the Projects page's last page, where its client and product lead), a
 * client copied from another's file (so sharing its logo, as an editor's copy does
 * until a new logo is uploaded), one value fewer, the products' hardware terms left empty, everyday punctuation in a page's text, and
 * enough projects for the Projects page (12 a page) to run over three pages and web development's
 * projects over two; and three articles by the new team member: one dated the day of the build,
 * a draft and one for the next day.
 */
export async function writeContentVariants(dir: string): Promise<void> {
  const files: Record<string, string> = {
    [newService.path]: newService.text,
    'src/content/team/zara-okafor.md':
      '---\nname: Zara Okafor\nrole: Cloud Engineer\norder: 9\nbio: Moved forty small businesses to Azure and AWS Sydney.\nprofile: https://www.linkedin.com/in/zara-okafor-cloud\n---\n',
    'src/content/projects/riverside-dental.md': `---
title: Riverside Dental patient portal
summary: An online booking and reminder portal for a two-clinic dental practice, cutting missed appointments by a third in its first year.
image:
  src: ../../assets/projects/northside-physio/image/src.svg
  alt: A phone showing a list of upcoming dental appointments
services: [WebApp, CloudMigration]
products: [IPayroll]
year: 2025
order: 300
---
`,
    'src/content/clients/riverside-dental.md': `---
name: Riverside Dental
logo:
  src: ../../assets/clients/riverside-dental/logo/src.svg
  alt: Riverside Dental
industry: Dental practice
work: A patient booking portal with SMS reminders for two clinics.
project: riverside-dental
order: 6
---
`,
    // A logo as an editor would upload it: dark, with no dark version of its own.
    'src/assets/clients/riverside-dental/logo/src.svg':
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="64" viewBox="0 0 200 64"><circle cx="24" cy="32" r="14" fill="#17202e"/><text x="48" y="39" font-family="sans-serif" font-size="18" font-weight="700" fill="#17202e">Riverside Dental</text></svg>\n',
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  await copyFile(join(dir, 'src/content/clients/kestrel-outdoor.md'), join(dir, 'src/content/clients/kestrel-outdoor-copy.md'));
  await rm(join(dir, 'src/content/values/senior-attention.md'));
  for (const product of await readdir(join(dir, 'src/content/products'))) {
    const file = join(dir, 'src/content/products', product);
    await writeFile(file, (await readFile(file, 'utf8')).replace(/^ {2}hardware: .*\n(?: {4}.*\n)*/m, ''));
  }
  await appendFile(join(dir, punctuation.path), `\n${punctuation.sentence}\n`);
  // Today's article shows a picture in its text, written as the browser editor writes one (tests/editing/edits.spec.ts).
  const picture = `${articleVariants.publishedToday}/cloud-bill.png`;
  await mkdir(join(dir, 'src/assets/insights', articleVariants.publishedToday), { recursive: true });
  await sharp({ create: { width: 800, height: 450, channels: 3, background: '#2f6f73' } }).png().toFile(join(dir, 'src/assets/insights', picture));
  const articles = { [articleVariants.publishedToday]: { title: 'Your first cloud bill after the move', date: '2026-11-26', picture }, [articleVariants.draft]: { title: 'A draft that is not finished yet', date: '2026-01-01', draft: true }, [articleVariants.tomorrow]: { title: 'An article that goes live tomorrow', date: '2026-11-27' } };
  for (const [id, article] of Object.entries(articles)) await writeFile(join(dir, `src/content/insights/${id}.mdx`), articleFile(article));
  const projects = (await readdir(join(dir, 'src/content/projects'))).length;
  for (let index = projects; index < 25; index++) await writeFile(join(dir, `src/content/projects/extra-project-${index}.md`), cardOnlyProject(index));
}
