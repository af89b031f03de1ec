import type { APIRoute } from 'astro';
import { securityTxt } from '../../lib/publishing/site-files.ts';
import { site } from '../../site.config.ts';

/** Where to report a vulnerability (RFC 9116), with a fresh Expires at every build. */
export const GET: APIRoute = () => new Response(securityTxt({ contactEmail: site.email, siteUrl: site.url }));
