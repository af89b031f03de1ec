import type { APIRoute } from 'astro';
import { site } from '../site.config.ts';

/** robots.txt: everything may be crawled except the contact endpoint; the sitemap is named. */
export const GET: APIRoute = () => new Response(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap-index.xml', site.url).href}\n`);
