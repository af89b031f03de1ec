import { createHash } from 'node:crypto';

// Each page's Content-Security-Policy, which Astro writes into the page's <meta> (astro.config.mjs,
// security.csp) with the hashes of inline scripts and styles. What a <meta> policy cannot hold
// (frame-ancestors) and the other security headers are in public/_headers.

/** The directives besides script-src and style-src, which Astro fills with hashes. Fonts and fetches fall back to default-src; the form posts beside the pages. */
export const cspDirectives: `${'default-src' | 'img-src' | 'form-action' | 'base-uri' | 'object-src'} ${string}`[] = ["default-src 'self'", "img-src 'self' data:", "form-action 'self'", "base-uri 'self'", "object-src 'none'"];

/** The hash of an inline script or style as astro.config.mjs takes it (`sha256-…`); a policy quotes it. */
export function sha256Hash(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}

/** Script types that script-src governs: those a browser runs, and speculation rules. JSON-LD and other data blocks need no hash. */
const executableScriptTypes = new Set(['', 'module', 'text/javascript', 'speculationrules']);

/** The hashes of a page's own inline scripts and styles, quoted as a policy lists them. */
export function inlineHashesOf(html: string): Set<string> {
  const hashes = new Set<string>();
  for (const [, tag, attributes, body] of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi)) {
    if (/\ssrc=/i.test(attributes!)) continue;
    const type = /\stype="([^"]*)"/i.exec(attributes!)?.[1]?.toLowerCase() ?? '';
    if (tag!.toLowerCase() === 'script' && !executableScriptTypes.has(type)) continue;
    hashes.add(`'${sha256Hash(body!)}'`);
  }
  return hashes;
}

/**
 * The page with a policy listing only its own inline code's hashes, first in its <head> so that it
 * covers all after it; null without a policy. Astro's lists every hash of the build: kept in code
 * for the first-round-trip budget, which those incompressible hashes break (docs/PERFORMANCE.md).
 */
export function withOwnHashesOnly(html: string): string | null {
  const meta = /<meta http-equiv="content-security-policy" content="([^"]*)">/i.exec(html);
  if (!meta) return null;
  const own = inlineHashesOf(html);
  const narrowed = meta[1]!
    .replaceAll('&#39;', "'")
    .split(';')
    .map((directive) => directive.trim().split(/\s+/).filter((source) => !source.startsWith("'sha256-") || own.has(source)).join(' '))
    .filter(Boolean)
    .join('; ');
  const charset = '<meta charset="utf-8">';
  return html.replace(meta[0], '').replace(charset, `${charset}<meta http-equiv="content-security-policy" content="${narrowed.replaceAll("'", '&#39;')}">`);
}
