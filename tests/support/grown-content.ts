import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

// Content an editor might add, written into a copy of the project by the tests that prove adding
// (or removing) an entry is an ordinary edit: tests/content/add-a-service.test.ts and grown-site.ts.

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

/** One more team member, client (with its project) and service, and one value fewer. */
export async function growContent(dir: string): Promise<void> {
  const files: Record<string, string> = {
    [newService.path]: newService.text,
    'src/content/team/zara-okafor.md': '---\nname: Zara Okafor\nrole: Cloud Engineer\norder: 9\n---\n',
    'src/content/projects/riverside-dental.md': `---
title: Riverside Dental patient portal
summary: An online booking and reminder portal for a two-clinic dental practice, cutting missed appointments by a third in its first year.
image:
  src: ../../assets/projects/northside-physio/image/src.svg
  alt: A phone showing a list of upcoming dental appointments
services: [WebApp, CloudMigration]
year: 2025
order: 7
---
`,
    'src/content/clients/riverside-dental.md': `---
name: Riverside Dental
logo:
  src: ../../assets/clients/northside-physio/logo/src.svg
  alt: Riverside Dental
industry: Dental practice
work: A patient booking portal with SMS reminders for two clinics.
project: riverside-dental
order: 6
---
`,
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  await rm(join(dir, 'src/content/values/senior-attention.md'));
}
