/** Pages that are fixed files in src/pages; a service or product may not take their address. */
export const fixedPageSlugs = ['AboutUs', 'Contact', 'OurProjects', 'OurServices', 'OurProducts', 'Clients'] as const;

/**
 * Problems with the page addresses that content files claim (a service's or product's file name is
 * its address): characters that do not belong in an address, and addresses claimed twice, compared
 * case-insensitively since many hosts treat /cyber and /Cyber alike, or taken from a fixed page.
 * Each problem is a sentence naming the fix; the list is empty when all is well.
 */
export function routeSlugProblems(slugs: readonly string[]): string[] {
  const problems = slugs
    .filter((slug) => !/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(slug))
    .map((slug) => `"${slug}" cannot be a page address: rename the file using only letters, digits and hyphens.`);
  const seen = new Map<string, string[]>();
  for (const slug of [...fixedPageSlugs, ...slugs]) seen.set(slug.toLowerCase(), [...(seen.get(slug.toLowerCase()) ?? []), slug]);
  for (const claims of seen.values()) {
    if (claims.length > 1) problems.push(`The page address /${claims[0]}/ is claimed ${claims.length} times (${claims.join(', ')}): rename one of the files.`);
  }
  return problems;
}

/** The page of a routed entry (a service or product): its file name is its path, `Cyber.mdx` → `/Cyber/`. */
export function routeOf(entry: { id: string }): string {
  return `/${entry.id}/`;
}
