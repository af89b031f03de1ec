import type { APIRoute } from 'astro';
import { webManifest } from '../lib/publishing/site-files.ts';
import { siteColours } from '../lib/site/site-colours.ts';
import { site } from '../site.config.ts';

/** What a phone shows when the site is saved to its home screen, in the design tokens' colours. */
export const GET: APIRoute = () => new Response(webManifest({ name: site.companyName, shortName: site.brand, description: site.description, themeColour: siteColours.brand, backgroundColour: siteColours.surface }));
