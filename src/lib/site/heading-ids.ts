import GithubSlugger from 'github-slugger';

/**
 * One page's heading ids from their text ("Loyalty CRM" → "loyalty-crm"), by the slugger Astro uses
 * for Markdown; `reserved` (the section ids) come first, so a heading that would repeat one gets "roles-1".
 */
export function headingIds(reserved: readonly string[] = []): { next: (text: string) => string } {
  const slugger = new GithubSlugger();
  for (const id of reserved) slugger.slug(id);
  return { next: (text) => slugger.slug(text) };
}
