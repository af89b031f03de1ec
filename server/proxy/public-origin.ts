import type { IncomingHttpHeaders } from 'node:http';
import type { TrustedProxies } from './visitor-address.ts';

/** A header's first value: proxies append theirs, and the first is what the visitor's own request said. */
function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim() || undefined;
}

/** Host names, IPv4 and bracketed IPv6 addresses, each with an optional port: nothing that could change a URL's path. */
const hostPattern = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin the visitor's browser used, which is what it sends as `Origin` with the site's own
 * form. Node itself only ever speaks plain http, to the proxy in front of it. So when the connection
 * comes from a trusted proxy (TRUST_PROXY), the scheme is the proxy's X-Forwarded-Proto and the host
 * its X-Forwarded-Host, else Host (Caddy sets both, and passes Host through). From anyone else those
 * headers are the visitor's own words and are ignored: the origin is plain http at the Host named.
 * `null` when the request names no usable host.
 */
export function publicOrigin(peer: string | undefined, headers: IncomingHttpHeaders, trusted: TrustedProxies): string | null {
  const fromProxy = peer !== undefined && trusted.has(peer);
  const forwardedScheme = fromProxy ? firstValue(headers['x-forwarded-proto'])?.toLowerCase() : undefined;
  const scheme = forwardedScheme === 'https' || forwardedScheme === 'http' ? forwardedScheme : 'http';
  const host = (fromProxy ? firstValue(headers['x-forwarded-host']) : undefined) ?? headers.host;
  if (!host || !hostPattern.test(host)) return null;
  // URL drops a default port (https://example.com:443), as browsers do in Origin.
  return URL.canParse(`${scheme}://${host}`) ? new URL(`${scheme}://${host}`).origin : null;
}
