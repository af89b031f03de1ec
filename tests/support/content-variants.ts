import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import yaml from 'js-yaml';

// Content of the tests' own, written into a copy of the project by tests/e2e/run.ts, which builds
// the copy once and runs the browser tests on it. The copy keeps every live entry; the tests read
// each entry the build read (tests/support/site.ts) to check that it is shown, and state what the
// site's rules make of the content (which projects have a case study, whose words come first, how
// a product is named) as literal values about the entries written here, placed where no live
// entry comes between them: no editor's change of a live entry can turn the tests red.

/** A new service, as docs/EDITING.md describes: one file, named after its address, with everyday punctuation in its text. */
export const newService = { id: 'CloudMigration', title: 'Cloud migration' };

/** Everyday punctuation in a page's text, which must show as written (and stop an .mdx file, which reads braces as code). */
export const punctuation = 'Most budgets are < $20k, and we quote {fixed prices} & R&D at 5 * 3 > 10 days.';

/** When the copy is built: 6 am in Sydney on 26 November 2026, as the morning build runs (SITE_NOW). */
export const variantsBuiltAt = '2026-11-25T19:00:00Z';

/** Articles an editor might write: one dated the day of the build (published that morning), a draft, and one for the next day. */
export const articleVariants = {
  publishedToday: { id: 'cloud-costs-after-the-move', title: 'Your first cloud bill after the move' },
  draft: { id: 'a-draft-article', title: 'A draft that is not finished yet' },
  tomorrow: { id: 'tomorrows-article', title: 'An article that goes live tomorrow' },
} as const;

/** A product with only the fields it must have, and a price: "Impact" and its name, the company's brand pinned in the copy. */
export const newProduct = { id: 'Bookings', title: 'Impact Bookings' };

/** A project with a card only (no text, so no case study), found by search on its card, on the Projects page's last page. */
export const cardOnlyProject = { id: 'riverside-dental', title: 'Riverside Dental patient portal' };

/**
 * The first three projects (order 0, then their file names), each with a client's words: the first
 * a case study with the longest title of any (its breadcrumb must give way on a 320 px phone), the
 * other two cards only, run by the new product. The last case study is the tests' own too, so the
 * case studies are seen to run round from the first to the last.
 */
export const quotedProjects = [
  { id: 'archived-council-records', title: 'Regional council records moved to the cloud, with every permit kept', quote: 'Sam Carter' },
  { id: 'ashfield-tutoring', title: 'Ashfield Tutoring bookings', quote: 'Mia Torres' },
  { id: 'avalon-surf-school', title: 'Avalon Surf School lesson bookings', quote: 'Noah Fraser' },
] as const;
export const [longCaseStudy] = quotedProjects;
export const lastCaseStudy = { id: 'zetland-archive', title: 'Zetland Historical Society archive' };

/** The first figure of the first case study and of the last: the results the home page opens with, in the copy. */
const resultFigures = ["{ value: '2 days → 1 h', label: to find a permit }", "{ value: '40,000', label: pages online }"];

/** A drawing of the tests' own, dark on light with no dark version, as an editor would upload a logo or a screenshot. */
const drawing = (label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500"><rect width="800" height="500" fill="#e8eef4"/><circle cx="120" cy="250" r="60" fill="#17202e"/><text x="210" y="265" font-family="sans-serif" font-size="40" font-weight="700" fill="#17202e">${label}</text></svg>\n`;

const project = ({ title, picture = 'portal.svg', products = [], order, quote, body = '', figure = '' }: { title: string; picture?: string; products?: string[]; order: number; quote?: string; body?: string; figure?: string }) => `---
title: ${title}
summary: A project added to a copy of the site, to show how the pages treat what an editor adds to the Projects list.
image:
  src: ../../assets/variants/${picture}
  alt: A tablet showing a list of records
services: [${newService.id}]
products: [${products.join(', ')}]
year: 2025
technologies: [Azure, PostgreSQL]
${figure && `figures: [${figure}]\n`}${quote ? `quote:\n  text: We moved every record without a day of downtime.\n  name: ${quote}\n  role: Records manager\n` : ''}order: ${order}
---
${body}`;

const article = ({ title, date, draft = false, picture }: { title: string; date: string; draft?: boolean; picture?: string }) => `---
title: ${title}
summary: An article added to a copy of the site, to show how the Insights pages treat what an editor writes.
publishDate: ${date}
author: zara-okafor
services:
  - ${newService.id}
draft: ${draft}
---
Three things change on the first cloud bill after a move, and one of them is a surprise.
${picture ? `\n![A bar chart of a month's cloud costs](../../assets/insights/${picture})\n` : ''}
## What to check first

Check the storage you no longer need, and who can still read it.
`;

const caseStudyText = '\n## The challenge\n\nPermits on a server under a desk.\n\n## What we built\n\nA records system on Azure.\n';

/**
 * Writes the variants into the copy at `dir`, so that one build serves them all; a copied client
 * shares its logo, as an editor's copy does until a new logo is uploaded, and enough projects are
 * added for the Projects page (12 a page) to run over three pages, the card-only project on the
 * last. The company's brand and founding year are pinned, and a route of the tests' own hands
 * them every entry as Astro's getCollection() reads it (tests/support/site.ts).
 */
export async function writeContentVariants(dir: string): Promise<void> {
  const settings = JSON.parse(await readFile(join(dir, 'src/content/site/settings.json'), 'utf8')) as Record<string, unknown>;
  const collections = ['pages', 'services', 'products', 'productVariants', 'projects', 'clients', 'team', 'values', 'insights'];
  const files: Record<string, string> = {
    'src/content/site/settings.json': JSON.stringify({ ...settings, brand: 'Impact', foundedYear: 2017 }, null, 2),
    'src/pages/test-content.json.ts': `import { getCollection } from 'astro:content';\nexport const GET = async () => Response.json(Object.fromEntries(await Promise.all(${JSON.stringify(collections)}.map(async (name) => [name, await getCollection(name)]))));\n`,
    [`src/content/products/${newProduct.id}.md`]: '---\nname: Bookings\nsubtitle: Let customers book a lesson, a table or a visit online, day or night.\nsummary: Online bookings with reminders by SMS and e-mail, for tutors, schools and clinics that take appointments.\nicon: calendar-check\nscreen: { src: ../../assets/variants/bookings.svg, alt: A week of bookings }\npeople: [zara-okafor]\nterms: { price: From $29 a month }\n---\n\nBookings that fill your week.\n',
    [`src/content/services/${newService.id}.md`]: `---
title: ${newService.title}
subtitle: Move your servers to the cloud without a weekend of downtime or a surprise bill.
summary: We move file servers, line-of-business apps and databases to Azure or AWS Sydney, with costs forecast before you commit.
icon: cloud-upload
picture: { src: ../../assets/variants/cloud.svg, alt: A server moving into the cloud }
order: 7
onHome: false
engagement: { work: Two servers and their apps moved to Azure, duration: Four weeks, price: 'From $9,000' }
people: [zara-okafor]
deliverables: [A migration plan with costs, Every system moved and tested, A monthly cost report]
process:
  - { title: Assess, text: We list every server and what depends on it. }
  - { title: Move, text: 'We move systems in small, reversible steps.' }
  - { title: Tune, text: We right-size what we moved so the bill falls. }
---

Cloud migration without the surprises.

${punctuation}
`,
    'src/content/team/zara-okafor.md': '---\nname: Zara Okafor\nrole: Cloud Engineer\norder: 9\nbio: Moved forty small businesses to Azure and AWS Sydney.\nprofile: https://www.linkedin.com/in/zara-okafor-cloud\ncertifications: [Azure Administrator]\n---\n',
    [`src/content/projects/${cardOnlyProject.id}.md`]: project({ title: cardOnlyProject.title, products: [newProduct.id], order: 300 }),
    'src/content/clients/riverside-dental.md': `---\nname: Riverside Dental\nlogo:\n  src: ../../assets/variants/logo.svg\n  alt: Riverside Dental\nindustry: Dental practice\nwork: A patient booking portal with SMS reminders for two clinics.\nproject: ${cardOnlyProject.id}\norder: 6\n---\n`,
    'src/content/clients/riverside-dental-copy.md': `---\nname: Riverside Dental copy\nlogo:\n  src: ../../assets/variants/logo.svg\n  alt: Riverside Dental\nindustry: Dental practice\nwork: A patient booking portal with SMS reminders for two clinics.\nproject: ${longCaseStudy.id}\norder: 7\n---\n`,
    'src/assets/variants/logo.svg': drawing('Riverside Dental'),
    'src/assets/variants/portal.svg': drawing('Patient portal'),
    'src/assets/variants/records.svg': drawing('Council records'),
    'src/assets/variants/cloud.svg': drawing('Cloud'),
    'src/assets/variants/bookings.svg': drawing('Bookings'),
  };
  const { publishedToday, draft, tomorrow } = articleVariants;
  const picture = `${publishedToday.id}/cloud-bill.png`;
  for (const [{ id, title }, date, isDraft] of [[publishedToday, '2026-11-26'], [draft, '2026-01-01', true], [tomorrow, '2026-11-27']] as const) {
    files[`src/content/insights/${id}.mdx`] = article({ title, date, draft: isDraft, picture: id === publishedToday.id ? picture : undefined });
  }
  for (const [index, { id, title, quote }] of quotedProjects.entries()) files[`src/content/projects/${id}.md`] = project({ title, quote, order: 0, ...(index ? { products: [newProduct.id] } : { picture: 'records.svg', body: caseStudyText, figure: resultFigures[0] }) });
  files[`src/content/projects/${lastCaseStudy.id}.md`] = project({ title: lastCaseStudy.title, order: 299, body: caseStudyText, figure: resultFigures[1] });
  // The home page opens with the results of the tests' own case studies, the last first.
  const home = await readFile(join(dir, 'src/content/pages/home.md'), 'utf8');
  const [, frontMatter = '', text = ''] = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(home) ?? [];
  files['src/content/pages/home.md'] = `---\n${yaml.dump({ ...(yaml.load(frontMatter) as object), results: [lastCaseStudy.id, longCaseStudy.id] })}---\n${text}`;
  const projects = (await readdir(join(dir, 'src/content/projects'))).length + 5;
  for (let index = projects; index < 25; index++) files[`src/content/projects/extra-project-${index}.md`] = project({ title: `Extra project ${index}`, order: 200 + index });
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  // Today's article shows a picture in its text, written as the browser editor writes one.
  await mkdir(join(dir, 'src/assets/insights', publishedToday.id), { recursive: true });
  await sharp({ create: { width: 800, height: 450, channels: 3, background: '#2f6f73' } }).png().toFile(join(dir, 'src/assets/insights', picture));
}
