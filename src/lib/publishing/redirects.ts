// Redirect rules in the `_redirects` syntax that Netlify and Cloudflare Pages share. The build
// writes them for the CDN (astro.config.mjs) and the server behind `npm start` obeys the same
// file (server/static-site.ts), so a wildcard address behaves the same in both places.

export interface RedirectRule {
  from: string;
  to: string;
  status: 200 | 301 | 302;
}

/**
 * The rules that let every top-level page answer for its whole sub-tree, as the spec's `/X/*`
 * routes did: `/X`, `/X/anything` and `/X/any/depth` all lead (301) to the one canonical `/X/`.
 * Placeholders (`:sub`) never match an empty segment, so `/X/` itself is never redirected: on a
 * CDN that applies rules before files (Cloudflare), a bare `/X/*` would loop.
 */
export function wildcardRules(pagePaths: readonly string[]): RedirectRule[] {
  return pagePaths
    .map((path) => path.replace(/^\/+|\/+$/g, ''))
    .filter((segment) => /^[A-Za-z0-9-]+$/.test(segment) && segment !== '404')
    .sort()
    .flatMap((segment) => [
      { from: `/${segment}`, to: `/${segment}/`, status: 301 as const },
      { from: `/${segment}/:sub`, to: `/${segment}/`, status: 301 as const },
      { from: `/${segment}/:sub/*`, to: `/${segment}/`, status: 301 as const },
    ]);
}

/** The `_redirects` file: one rule a line, static rules first (Cloudflare requires that order). */
export function formatRedirects(rules: readonly RedirectRule[]): string {
  const isDynamic = (rule: RedirectRule) => /[:*]/.test(rule.from);
  const ordered = [...rules.filter((rule) => !isDynamic(rule)), ...rules.filter(isDynamic)];
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
