import GithubSlugger from 'github-slugger';

/**
 * Ids for the headings of one page, from their text ("Loyalty CRM" → "loyalty-crm"), with
 * github-slugger (the slugger Astro itself uses for Markdown headings). One instance per page, so
 * no two ids repeat: the fixed section ids are claimed first, and a heading that would collide
 * with one gets a numbered id ("roles-1") instead.
 */
export function headingIds(reserved: readonly string[] = []): { next: (text: string) => string } {
  const slugger = new GithubSlugger();
  for (const id of reserved) slugger.slug(id);
  return { next: (text) => slugger.slug(text) };
}
