import { createHash } from 'node:crypto';
import { compilePathPattern } from './redirects.ts';
import { siteFilePaths } from './site-files.ts';

// The response headers of the published site, in the `_headers` syntax that Netlify and Cloudflare
// Pages share. The build writes dist/client/_headers (astro.config.mjs) and the server behind
// `npm start` sends the same headers (server/static-site.ts), so what is tested is what is published.

/** One rule: a path pattern and its headers. A `null` value detaches the header that an earlier, wider rule set (`! Name`). */
export interface HeaderRule {
  path: string;
  headers: [name: string, value: string | null][];
}

/** What Cloudflare Pages accepts in `_headers` (it ignores the file past these). */
export const headersFileLimits = { rules: 100, lineLength: 2000 } as const;

/** Headers every response carries, whatever it is. */
export const securityHeaders: [string, string][] = [
  ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
];

/** The policy of an answer that is not a page (a refusal in plain text, a JSON answer): it loads nothing, and nothing frames it. */
export const plainAnswerPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The headers of such an answer made on demand: the security headers every response carries, that policy, and no caching. */
export function plainAnswerHeaders(): Record<string, string> {
  return { ...Object.fromEntries(securityHeaders), 'Content-Security-Policy': plainAnswerPolicy, 'Cache-Control': 'no-store' };
}

/** Hashed build assets never change under the same name: cache them for a year. */
export const immutableCache = 'public, max-age=31536000, immutable';
/** Pages may change with any publish: browsers and CDNs revalidate them every time. */
export const pageCache = 'public, max-age=0, must-revalidate';
/** Headers that replace the pages' caching (set by `/*`) with `cacheControl`. */
function cachedFor(cacheControl: string): HeaderRule['headers'] {
  return [
    ['Cache-Control', null],
    ['Cache-Control', cacheControl],
  ];
}

/** Icons change seldom, but under the same name: a day, then revalidated. */
export const iconCache = 'public, max-age=86400';

/**
 * The files asked for by name (src/lib/publishing/site-files.ts): their type said outright, since
 * not every server knows `.webmanifest` or agrees on `.ico`, and the icons cached for a day.
 * security.txt keeps the pages' caching, so a changed contact is seen at once.
 */
export const siteFileRules: HeaderRule[] = [
  { path: siteFilePaths.favicon, headers: [['Content-Type', 'image/vnd.microsoft.icon'], ...cachedFor(iconCache)] },
  { path: siteFilePaths.svgIcon, headers: cachedFor(iconCache) },
  { path: siteFilePaths.appleTouchIcon, headers: cachedFor(iconCache) },
  { path: `${siteFilePaths.manifestIcons}*`, headers: cachedFor(iconCache) },
  { path: siteFilePaths.manifest, headers: [['Content-Type', 'application/manifest+json; charset=utf-8'], ...cachedFor(iconCache)] },
  { path: siteFilePaths.securityTxt, headers: [['Content-Type', 'text/plain; charset=utf-8']] },
];

/**
 * The directives of the site's Content-Security-Policy besides script-src and style-src, which
 * Astro fills with the hashes of each page's own inline scripts and styles (astro.config.mjs).
 * The build puts each prerendered page's policy in _headers (src/integrations/publishing-files.ts)
 * and Astro sends it itself for on-demand pages; no page keeps it in a <meta>, where
 * frame-ancestors would be ignored.
 */
export function baseCspDirectives() {
  return [
    // Fonts and fetches fall back to default-src, and the form posts beside the pages. Every byte
    // of the policy is sent with every page (tests/audit/first-round-trip.ts).
    "default-src 'self'",
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ] as const;
}

/** A policy's directives, in order, each with its sources. */
function directivesOf(policy: string): [name: string, sources: string[]][] {
  return policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter(([name]) => name)
    .map(([name, ...sources]) => [name!, sources]);
}

/** Two policies joined: every directive with the sources of both (a page's, and the 404 page's). */
export function mergePolicies(first: string, second: string): string {
  const merged = new Map(directivesOf(first));
  for (const [name, sources] of directivesOf(second)) merged.set(name, [...new Set([...(merged.get(name) ?? []), ...sources])]);
  return [...merged].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/** Script types that script-src governs: those a browser runs, and speculation rules. JSON-LD and other data blocks need no hash. */
const executableScriptTypes = new Set(['', 'module', 'text/javascript', 'application/javascript', 'speculationrules']);

/** The hash of an inline script or style as astro.config.mjs takes it (`sha256-…`); a policy quotes it. */
export function sha256Hash(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}

/** The CSP hash sources of a page's inline scripts and styles, read from its built HTML. */
export function inlineHashesOf(html: string): { script: Set<string>; style: Set<string> } {
  const hashes = { script: new Set<string>(), style: new Set<string>() };
  for (const [, tag, attributes, body] of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi)) {
    if (/\ssrc=/i.test(attributes!)) continue;
    const type = /\stype="([^"]*)"/i.exec(attributes!)?.[1]?.toLowerCase() ?? '';
    if (tag!.toLowerCase() === 'script' && !executableScriptTypes.has(type)) continue;
    hashes[tag!.toLowerCase() as 'script' | 'style'].add(`'${sha256Hash(body!)}'`);
  }
  return hashes;
}

/**
 * A page's policy with only the hashes of its own inline scripts and styles. Astro's per-route
 * policy lists every hash the build knows (24 on the product pages, of which they use 5); the rest
 * cost about 900 bytes on every response and would keep the larger pages out of the first round
 * trip. The browser tests run every page under the narrowed policy with zero violations.
 */
export function narrowPolicy(policy: string, html: string): string {
  const own = inlineHashesOf(html);
  return directivesOf(policy)
    .map(([name, sources]) => {
      const kind = name === 'script-src' ? 'script' : name === 'style-src' ? 'style' : null;
      const kept = kind ? sources.filter((source) => !source.startsWith("'sha256-") || own[kind].has(source)) : sources;
      return [name, ...kept].join(' ');
    })
    .join('; ');
}

/** One prerendered page's Content-Security-Policy, at the address it is served from. */
export interface PagePolicy {
  path: string;
  policy: string;
}

/** The section a page belongs to: the first segment of a page with pages below it (`/OurProjects/2/` → `OurProjects`). */
function sectionsOf(pages: readonly PagePolicy[]): Set<string> {
  return new Set(pages.flatMap(({ path }) => (path.split('/').filter(Boolean).length > 1 ? [path.split('/')[1]!] : [])));
}

/**
 * The `_headers` file. Every page carries its own policy, with only its own hashes, in few rules:
 * - `/*`: the security headers, short caching, and the policy that most top-level pages share,
 *   joined with the 404 page's (a CDN serves the 404 page at any unknown address, under this rule);
 * - `/_astro/*`: a year of immutable caching for hashed assets;
 * - the files asked for by name, with their types and caching (siteFileRules);
 * - one rule for each section, a page with pages below it (`/OurProjects/*`: the listing, its
 *   numbered pages, its case studies), with every policy found there and the 404 page's: one rule
 *   however many case studies, and still only the hashes of the site's own inline code;
 * - one rule for each other page whose policy differs, replacing the shared one (`! Content-Security-Policy`).
 * Pages built from the same layout share a policy, so the rules grow with layouts and sections,
 * not pages; checkHeadersFileLimits() says when the CDN's limits would be crossed.
 */
export function buildHeadersFile({ pages, notFoundPath = '/404.html' }: { pages: readonly PagePolicy[]; notFoundPath?: string }): string {
  const sections = sectionsOf(pages);
  const sectionOf = (path: string) => [...sections].find((section) => path.startsWith(`/${section}/`));
  const topLevel = pages.filter(({ path }) => !sectionOf(path));
  const pagesByPolicy = new Map<string, number>();
  for (const { policy } of topLevel) pagesByPolicy.set(policy, (pagesByPolicy.get(policy) ?? 0) + 1);
  const commonest = [...pagesByPolicy].sort(([, a], [, b]) => b - a)[0]?.[0];
  const notFoundPolicy = pages.find((page) => page.path === notFoundPath)?.policy;
  const withNotFound = (policy: string) => (notFoundPolicy ? mergePolicies(policy, notFoundPolicy) : policy);
  const shared = commonest ? withNotFound(commonest) : notFoundPolicy;
  const replace = (policy: string): HeaderRule['headers'] => [
    ['Content-Security-Policy', null],
    ['Content-Security-Policy', policy],
  ];

  const rules: HeaderRule[] = [
    { path: '/*', headers: [...securityHeaders, ['Cache-Control', pageCache], ...(shared ? [['Content-Security-Policy', shared] as [string, string]] : [])] },
    { path: '/_astro/*', headers: cachedFor(immutableCache) },
    ...siteFileRules,
    ...[...sections].sort().map((section): HeaderRule => {
      const policies = [...new Set(pages.filter(({ path }) => sectionOf(path) === section).map(({ policy }) => policy))];
      return { path: `/${section}/*`, headers: replace(withNotFound(policies.reduce(mergePolicies))) };
    }),
    ...topLevel
      .filter(({ policy }) => policy !== commonest)
      .sort((a, b) => a.path.localeCompare(b.path))
      .map(({ path, policy }): HeaderRule => ({ path, headers: replace(policy) })),
  ];
  const header = '# Generated at build time (src/lib/publishing/cdn-headers.ts). Do not edit by hand.\n';
  const line = ([name, value]: [string, string | null]) => (value === null ? `  ! ${name}` : `  ${name}: ${value}`);
  return header + rules.map((rule) => `${rule.path}\n${rule.headers.map(line).join('\n')}`).join('\n') + '\n';
}

/** What is wrong with a `_headers` file for the CDN (too many rules, a line too long); empty when nothing is. */
export function checkHeadersFileLimits(text: string): string[] {
  const problems: string[] = [];
  const rules = parseHeaders(text).length;
  if (rules > headersFileLimits.rules) problems.push(`_headers has ${rules} rules; Cloudflare Pages reads at most ${headersFileLimits.rules}.`);
  text.split('\n').forEach((line, index) => {
    if (line.length > headersFileLimits.lineLength) problems.push(`_headers line ${index + 1} is ${line.length} characters long; Cloudflare Pages reads at most ${headersFileLimits.lineLength}.`);
  });
  return problems;
}

/** Reads a `_headers` file; throws naming the line it cannot understand. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  text.split('\n').forEach((raw, index) => {
    if (!raw.trim() || raw.trim().startsWith('#')) return;
    if (!/^\s/.test(raw)) {
      rules.push({ path: raw.trim(), headers: [] });
      return;
    }
    const detach = /^\s+!\s*([A-Za-z0-9-]+)\s*$/.exec(raw);
    const match = /^\s+([A-Za-z0-9-]+):\s*(.+)$/.exec(raw);
    const rule = rules.at(-1);
    if (!(match || detach) || !rule) throw new Error(`_headers line ${index + 1} is neither a path, "  Name: value" nor "  ! Name": ${raw}`);
    rule.headers.push(detach ? [detach[1]!, null] : [match![1]!, match![2]!.trim()]);
  });
  return rules;
}

/**
 * Every header that applies to `pathname`, as Cloudflare Pages combines them: matching rules in
 * order, repeats joined with ", ", and `! Name` removing what an earlier rule set.
 */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of rules) {
    if (!compilePathPattern(rule.path).regex.test(pathname)) continue;
    for (const [name, value] of rule.headers) {
      if (value === null) delete result[name];
      else result[name] = result[name] ? `${result[name]}, ${value}` : value;
    }
  }
  return result;
}
