import type { APIRoute } from 'astro';
import tokens from '../styles/tokens.scss?raw';
import { webManifest } from '../lib/publishing/site-files.ts';
import { brandColours, semanticColoursIn } from '../lib/site/design-tokens.ts';
import { site } from '../site.config.ts';

/** What a phone shows when the site is saved to its home screen, in the design tokens' colours. */
export const GET: APIRoute = () => {
  const colours = brandColours(semanticColoursIn(tokens));
  return new Response(webManifest({ name: site.companyName, shortName: site.brand, description: site.description, themeColour: colours.brand, backgroundColour: colours.surface }));
};
