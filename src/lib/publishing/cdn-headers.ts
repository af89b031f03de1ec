import { compilePathPattern } from './redirects.ts';

// The response headers of the published site, in the `_headers` syntax that Netlify and Cloudflare
// Pages share. The build writes dist/client/_headers (astro.config.mjs) and the server behind
// `npm start` sends the same headers (server/static-site.ts), so what is tested is what is published.

export interface HeaderRule {
  path: string;
  headers: [name: string, value: string][];
}

/** Headers every response carries, whatever it is. */
export const securityHeaders: [string, string][] = [
  ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
];

/** Hashed build assets never change under the same name: cache them for a year. */
export const immutableCache = 'public, max-age=31536000, immutable';
/** Pages may change with any publish: browsers and CDNs revalidate them every time. */
export const pageCache = 'public, max-age=0, must-revalidate';

/**
 * The origins a page may post its form to: its own, and the contact endpoint's when it lives
 * elsewhere (CONTACT_FORM_ACTION is then an absolute https:// address).
 */
export function formTargets(contactFormAction: string): string {
  return contactFormAction.startsWith('https://') ? `'self' ${new URL(contactFormAction).origin}` : "'self'";
}

/**
 * The directives of the site's Content-Security-Policy besides script-src and style-src (which
 * carry the hashes of Astro's inline scripts and styles). Astro puts these in each page's <meta>;
 * the header repeats them and adds frame-ancestors, which browsers ignore in a <meta>.
 */
export function baseCspDirectives(contactFormAction: string) {
  const targets = formTargets(contactFormAction);
  return [
    "default-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${targets}`,
    `form-action ${targets}`,
    "base-uri 'self'",
    "object-src 'none'",
  ] as const;
}

/** The script-src and style-src sources of one page's CSP <meta>. */
export function cspSourcesOf(html: string): { script: string[]; style: string[] } {
  const content = /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(html)?.[1] ?? '';
  const sources = (directive: string) =>
    content
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([name]) => name === directive)
      ?.slice(1) ?? [];
  return { script: sources('script-src'), style: sources('style-src') };
}

/**
 * The `_headers` file: security headers and one Content-Security-Policy for every path (its
 * script and style hashes are the union over all pages; each page's own <meta> narrows it to
 * exactly its own), short caching for every page, and immutable caching for hashed assets.
 * No header is set by two rules that can match the same path, since CDNs would join them.
 */
export function buildHeadersFile({
  pagePaths,
  cspSources,
  contactFormAction,
}: {
  pagePaths: readonly string[];
  cspSources: readonly { script: string[]; style: string[] }[];
  contactFormAction: string;
}): string {
  const union = (kind: 'script' | 'style') => [...new Set(["'self'", ...cspSources.flatMap((sources) => sources[kind])])].join(' ');
  const csp = [...baseCspDirectives(contactFormAction), `script-src ${union('script')}`, `style-src ${union('style')}`, "frame-ancestors 'none'"].join('; ');
  const rules: HeaderRule[] = [
    { path: '/*', headers: [...securityHeaders, ['Content-Security-Policy', csp]] },
    { path: '/_astro/*', headers: [['Cache-Control', immutableCache]] },
    ...[...new Set(pagePaths)].sort().map((path): HeaderRule => ({ path, headers: [['Cache-Control', pageCache]] })),
  ];
  const header = '# Generated at build time (src/lib/publishing/cdn-headers.ts). Do not edit by hand.\n';
  return header + rules.map((rule) => `${rule.path}\n${rule.headers.map(([name, value]) => `  ${name}: ${value}`).join('\n')}`).join('\n') + '\n';
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
    const match = /^\s+([A-Za-z0-9-]+):\s*(.+)$/.exec(raw);
    const rule = rules.at(-1);
    if (!match || !rule) throw new Error(`_headers line ${index + 1} is neither a path nor "  Name: value": ${raw}`);
    rule.headers.push([match[1]!, match[2]!.trim()]);
  });
  return rules;
}

/** Every header that applies to `pathname`, as the CDNs combine them (repeats joined with ", "). */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of rules) {
    if (!compilePathPattern(rule.path).regex.test(pathname)) continue;
    for (const [name, value] of rule.headers) result[name] = result[name] ? `${result[name]}, ${value}` : value;
  }
  return result;
}
