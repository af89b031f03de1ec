// Redirect rules in the `_redirects` syntax that Netlify and Cloudflare Pages share. The build
// writes them for the CDN (astro.config.mjs) and the server behind `npm start` obeys the same
// file (server/static-site.ts), so a wildcard address behaves the same in both places.

export interface RedirectRule {
  from: string;
  to: string;
  status: 200 | 301 | 302;
}

/**
 * The rules that let every page answer for its whole sub-tree, as the spec's `/X/*` routes did:
 * `/X`, `/X/anything` and `/X/any/depth` all lead (301) to the one canonical `/X/`. Placeholders
 * (`:sub`) never match an empty segment, so `/X/` itself is never redirected: on a CDN that
 * applies rules before files (Cloudflare), a bare `/X/*` would loop.
 *
 * A page with pages below it (the Projects page: its case studies and numbered pages,
 * `/OurProjects/<slug>/`, and its pages by service, `/OurProjects/service/<service>/`) shares a
 * few placeholder rules among all of them, `/X/:page(/:sub(/*))` → `/X/:page/`, so the file is
 * the same few lines at 6 case studies or 1,000 (one static rule each would pass 100 KB there).
 * No pattern can tell an address one level down from a case study, so one that is not a page
 * (`/X/unknown`) ends on the 404 page rather than the listing. Pages two levels down are kept out
 * of their parent's patterns by a rule before them that serves them as they are (a 200 rewrite to
 * themselves), and so are their own numbered pages three levels down (`/X/service/Y/2/`).
 */
export function wildcardRules(pagePaths: readonly string[]): RedirectRule[] {
  const pages = pagePaths
    .map((path) => path.replace(/^\/+|\/+$/g, '').split('/'))
    .filter((segments) => segments.every((segment) => /^[A-Za-z0-9-]+$/.test(segment)) && segments.join('/') !== '404');
  const isPage = new Set(pages.map((segments) => segments.join('/')));
  const below = (prefix: string, depth: number) =>
    [...new Set(pages.filter((segments) => segments.length === depth && segments.slice(0, -1).join('/') === prefix).map((segments) => segments.at(-1)!))].sort();
  const groupsBelow = (top: string) => [...new Set(pages.filter((segments) => segments.length === 3 && segments[0] === top).map((segments) => segments[1]!))].sort();
  const permanent = (from: string, to: string): RedirectRule => ({ from, to, status: 301 });

  return below('', 1).flatMap((top) => {
    const children = below(top, 2);
    const groups = groupsBelow(top);
    if (children.length === 0 && groups.length === 0) return [permanent(`/${top}`, `/${top}/`), permanent(`/${top}/:sub`, `/${top}/`), permanent(`/${top}/:sub/*`, `/${top}/`)];
    // Every page one level below `base` (`:name`) answers for its own sub-tree.
    const pagesBelow = (base: string, name = 'page'): RedirectRule[] => [
      permanent(`${base}/:${name}`, `${base}/:${name}/`),
      permanent(`${base}/:${name}/:sub`, `${base}/:${name}/`),
      permanent(`${base}/:${name}/:sub/*`, `${base}/:${name}/`),
    ];
    return [
      permanent(`/${top}`, `/${top}/`),
      ...groups.flatMap((group) => {
        const base = `/${top}/${group}`;
        // The group's pages have numbered pages of their own (/OurProjects/service/WebApp/2/).
        const numbered = pages.some((segments) => segments.length === 4 && segments[0] === top && segments[1] === group);
        return [
          ...(isPage.has(`${top}/${group}`) ? [] : [permanent(base, `/${top}/`), permanent(`${base}/`, `/${top}/`)]),
          { from: `${base}/:page/`, to: `${base}/:page/`, status: 200 as const },
          ...(numbered
            ? [{ from: `${base}/:page/:number/`, to: `${base}/:page/:number/`, status: 200 as const }, permanent(`${base}/:page`, `${base}/:page/`), ...pagesBelow(`${base}/:page`, 'number')]
            : pagesBelow(base)),
        ];
      }),
      ...pagesBelow(`/${top}`),
    ];
  });
}

/** A rule with a placeholder or a splat: Cloudflare counts and orders these apart from exact ones. */
export const isDynamicRule = (rule: RedirectRule) => /[:*]/.test(rule.from);

/** What Cloudflare Pages accepts in `_redirects` (it ignores rules past these, and the file past 100 KB). */
export const redirectsFileLimits = { staticRules: 2_000, dynamicRules: 100, lineLength: 1_000, bytes: 100 * 1024 } as const;

/** Every way a `_redirects` file crosses the CDN's limits, as sentences; empty when it is within them all. */
export function checkRedirectsFileLimits(text: string): string[] {
  const problems: string[] = [];
  const rules = parseRedirects(text);
  const dynamic = rules.filter(isDynamicRule).length;
  const fixed = rules.length - dynamic;
  if (fixed > redirectsFileLimits.staticRules) problems.push(`_redirects has ${fixed} static rules; Cloudflare Pages reads at most ${redirectsFileLimits.staticRules}.`);
  if (dynamic > redirectsFileLimits.dynamicRules) problems.push(`_redirects has ${dynamic} dynamic rules; Cloudflare Pages reads at most ${redirectsFileLimits.dynamicRules}.`);
  const bytes = Buffer.byteLength(text);
  if (bytes > redirectsFileLimits.bytes) problems.push(`_redirects is ${bytes} bytes; Cloudflare Pages ignores what lies past ${redirectsFileLimits.bytes}.`);
  text.split('\n').forEach((line, index) => {
    if (line.length > redirectsFileLimits.lineLength) problems.push(`_redirects line ${index + 1} is ${line.length} characters long; Cloudflare Pages reads at most ${redirectsFileLimits.lineLength}.`);
  });
  return problems;
}

/** The `_redirects` file: one rule a line, static rules first (Cloudflare requires that order). */
export function formatRedirects(rules: readonly RedirectRule[]): string {
  const ordered = [...rules.filter((rule) => !isDynamicRule(rule)), ...rules.filter(isDynamicRule)];
  const header = '# Generated at build time from the site’s pages (src/lib/publishing/redirects.ts). Do not edit by hand.\n';
  return header + ordered.map((rule) => `${rule.from} ${rule.to} ${rule.status}`).join('\n') + '\n';
}

/** Reads a `_redirects` file; throws naming the line of any rule it cannot understand. */
export function parseRedirects(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const [from, to, code = '302', ...rest] = line.split(/\s+/);
    const status = Number(code);
    if (!from?.startsWith('/') || !to || rest.length || (status !== 200 && status !== 301 && status !== 302)) {
      throw new Error(`_redirects line ${index + 1} is not "FROM TO [200|301|302]": ${line}`);
    }
    rules.push({ from, to, status });
  });
  return rules;
}

interface PathPattern {
  regex: RegExp;
  names: string[];
}

/** Patterns already compiled: the server matches every request against the same few rules. */
const compiledPatterns = new Map<string, PathPattern>();

/**
 * A `_redirects` or `_headers` path pattern as a regular expression, matched the way Cloudflare
 * Pages does: `*` takes anything (even nothing), `:name` one non-empty path segment. `names` lists
 * the captures in order (`splat` for `*`).
 */
export function compilePathPattern(from: string): PathPattern {
  let compiled = compiledPatterns.get(from);
  if (!compiled) {
    compiled = compile(from);
    compiledPatterns.set(from, compiled);
  }
  return compiled;
}

function compile(from: string): PathPattern {
  const names: string[] = [];
  const pattern = from
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => {
      if (part === '*') {
        names.push('splat');
        return '(.*)';
      }
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { regex: new RegExp(`^${pattern}$`), names };
}

/** The first rule that matches `pathname`, with its placeholders and splat filled into the destination. */
export function matchRedirect(rules: readonly RedirectRule[], pathname: string): { location: string; status: RedirectRule['status'] } | null {
  for (const rule of rules) {
    const { regex, names } = compilePathPattern(rule.from);
    const match = regex.exec(pathname);
    if (!match) continue;
    let location = rule.to;
    names.forEach((name, index) => {
      location = location.replaceAll(name === 'splat' ? ':splat' : `:${name}`, match[index + 1] ?? '');
    });
    return { location, status: rule.status };
  }
  return null;
}
