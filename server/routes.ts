import { contactEndpointPath } from '../src/lib/contact/addresses.ts';
import { plainAnswerHeaders } from '../src/lib/publishing/cdn-headers.ts';

/** The server's health, for a monitor or load balancer. */
export const healthPath = '/api/health';

/**
 * A request's target as a URL, for its path and query. A target is a path even when it starts with
 * `//`: resolved against a base, as `new URL(target, base)` would, `//evil.example/x` would become
 * another host with the path `/x`.
 */
export function requestTarget(target = '/'): URL {
  return new URL(target.startsWith('/') ? `http://localhost${target}` : target, 'http://localhost');
}

const pageMethods = ['GET', 'HEAD'] as const;
const contactMethods = ['POST'] as const;

/**
 * The methods an address answers; any other gets 405 with these in `Allow`, before it reaches the
 * site's code (which may not know the method at all: a TRACE would otherwise fail inside it).
 * `extra` lists addresses of optional parts with their own methods (the browser editor).
 */
export function allowedMethods(pathname: string, extra?: (pathname: string) => readonly string[] | null): readonly string[] {
  if (pathname === contactEndpointPath) return contactMethods;
  return extra?.(pathname) ?? pageMethods;
}

/** The 405 answer's parts, the same in every runtime. */
export function methodNotAllowed(allowed: readonly string[]): { status: 405; headers: Record<string, string>; body: string } {
  return {
    status: 405,
    headers: { ...plainAnswerHeaders(), Allow: allowed.join(', '), 'Content-Type': 'text/plain; charset=utf-8' },
    body: `This address answers ${allowed.join(', ')} only.\n`,
  };
}
