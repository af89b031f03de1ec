import type { APIRoute } from 'astro';

/**
 * The links the browser may prerender as a visitor points at them: same-site pages, never the contact endpoint nor the
 * form's outcome pages. A file that every answer names (public/_headers, which gives its content type), not a copy in each page.
 */
export const GET: APIRoute = () => Response.json({ prerender: [{ where: { and: [{ href_matches: '/*' }, { not: { href_matches: ['/api/*', '/MessageSent/*', '/MessageNotSent/*'] } }] }, eagerness: 'moderate' }] });
