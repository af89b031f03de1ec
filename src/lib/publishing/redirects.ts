// The build's `_redirects` (src/integrations/publishing-files.ts), as Cloudflare and workerd read it.

export interface RedirectRule {
  from: string;
  to: string;
  status: 200 | 301 | 302;
}

/**
 * The rules that let every page answer for its whole sub-tree, as the spec's `/X/*` routes did:
 * `/X`, `/X/anything` and `/X/any/depth` lead (301) to `/X/`. Placeholders never match an empty
 * segment, so `/X/` itself is never redirected (Cloudflare applies rules before files: a bare
 * `/X/*` would loop).
 *
 * The pages below the Projects page share a few placeholder rules, `/X/:page(/:sub(/*))` →
 * `/X/:page/`, so the file stays within Cloudflare's limits at 1,000 case studies; an address one
 * level down that is no page (`/X/unknown`) therefore ends on the 404 page. Pages two and three
 * levels down (`/X/service/Y/2/`) are kept out of their parent's patterns by a 200 rewrite to
 * themselves before them.
 */
export function wildcardRules(pagePaths: readonly string[], filesBelowPages: readonly string[] = []): RedirectRule[] {
  const pages = pagePaths.map((path) => path.replace(/^\/+|\/+$/g, '').split('/')).filter((segments) => segments.every((segment) => /^[A-Za-z0-9-]+$/.test(segment)) && segments.join('/') !== '404');
  const isPage = new Set(pages.map((segments) => segments.join('/')));
  const below = (prefix: string, depth: number) => [...new Set(pages.filter((segments) => segments.length === depth && segments.slice(0, -1).join('/') === prefix).map((segments) => segments.at(-1)!))].sort();
  const groupsBelow = (top: string) => [...new Set(pages.filter((segments) => segments.length === 3 && segments[0] === top).map((segments) => segments[1]!))].sort();
  const permanent = (from: string, to: string): RedirectRule => ({ from, to, status: 301 });
  const servedAsItIs = (path: string): RedirectRule => ({ from: path, to: path, status: 200 });

  // A file below a page (/Insights/rss.xml) is served as it is, before the page's patterns could take it.
  return [
    ...filesBelowPages.map(servedAsItIs),
    ...below('', 1).flatMap((top) => {
      const groups = groupsBelow(top);
      if (below(top, 2).length === 0 && groups.length === 0) return [permanent(`/${top}`, `/${top}/`), permanent(`/${top}/:sub`, `/${top}/`), permanent(`/${top}/:sub/*`, `/${top}/`)];
      // Every page one level below `base` (`:name`) answers for its own sub-tree.
      const pagesBelow = (base: string, name = 'page'): RedirectRule[] => [permanent(`${base}/:${name}`, `${base}/:${name}/`), permanent(`${base}/:${name}/:sub`, `${base}/:${name}/`), permanent(`${base}/:${name}/:sub/*`, `${base}/:${name}/`)];
      return [
        permanent(`/${top}`, `/${top}/`),
        ...groups.flatMap((group) => {
          const base = `/${top}/${group}`;
          // The group's pages have numbered pages of their own (/OurProjects/service/WebApp/2/).
          const numbered = pages.some((segments) => segments.length === 4 && segments[0] === top && segments[1] === group);
          return [
            ...(isPage.has(`${top}/${group}`) ? [] : [permanent(base, `/${top}/`), permanent(`${base}/`, `/${top}/`)]),
            servedAsItIs(`${base}/:page/`),
            ...(numbered ? [servedAsItIs(`${base}/:page/:number/`), permanent(`${base}/:page`, `${base}/:page/`), ...pagesBelow(`${base}/:page`, 'number')] : pagesBelow(base)),
          ];
        }),
        ...pagesBelow(`/${top}`),
      ];
    }),
  ];
}

/** A rule with a placeholder or a splat: Cloudflare counts and orders these apart from exact ones. */
const isDynamicRule = (rule: RedirectRule) => /[:*]/.test(rule.from);

/** The `_redirects` file, static rules first as Cloudflare requires, and whether it has more dynamic rules than Cloudflare reads (the build then stops). */
export function redirectsFile(rules: readonly RedirectRule[]): { text: string; problems: string[] } {
  const dynamic = rules.filter(isDynamicRule);
  const lines = [...rules.filter((rule) => !isDynamicRule(rule)), ...dynamic].map((rule) => `${rule.from} ${rule.to} ${rule.status}`);
  const problems = dynamic.length > 100 ? [`_redirects has ${dynamic.length} dynamic rules; Cloudflare reads at most 100.`] : [];
  return { text: `# Generated at build time from the site’s pages (src/lib/publishing/redirects.ts).\n${lines.join('\n')}\n`, problems };
}
