// The files browsers, phones and security researchers ask for by name, whatever a page links:
// /favicon.ico, /apple-touch-icon.png, the web app manifest and its icons (drawn at build time from
// the one mark, public/favicon.svg, by site-icons.ts), and /.well-known/security.txt (RFC 9116).
// Written by src/integrations/site-files.ts; served by the CDN and the Node server alike.

/** Where each file is published. The manifest's icons sit in their own folder, so one rule caches them. */
export const siteFilePaths = {
  /** The mark itself (public/favicon.svg), what every page links and every other icon is drawn from. */
  svgIcon: '/favicon.svg',
  favicon: '/favicon.ico',
  appleTouchIcon: '/apple-touch-icon.png',
  manifest: '/site.webmanifest',
  manifestIcons: '/icons/',
  securityTxt: '/.well-known/security.txt',
} as const;

/** The sizes an `.ico` holds (tabs, bookmarks) and the manifest offers (home screens, splash screens). */
export const faviconSizes = [16, 32] as const;
export const appleTouchIconSize = 180;
export const manifestIconSizes = [192, 512] as const;

export interface ManifestFacts {
  name: string;
  shortName: string;
  description: string;
  themeColour: string;
  backgroundColour: string;
}

/** The web app manifest: what a phone shows when the site is saved to its home screen. */
export function webManifest({ name, shortName, description, themeColour, backgroundColour }: ManifestFacts): string {
  const manifest = {
    name,
    short_name: shortName,
    description,
    start_url: '/',
    scope: '/',
    display: 'browser',
    theme_color: themeColour,
    background_color: backgroundColour,
    icons: manifestIconSizes.map((size) => ({ src: manifestIconPath(size), sizes: `${size}x${size}`, type: 'image/png' })),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export function manifestIconPath(size: number): string {
  return `${siteFilePaths.manifestIcons}icon-${size}.png`;
}

/**
 * `/.well-known/security.txt` (RFC 9116): where to report a vulnerability. `Expires` is required
 * and a year ahead at most (the RFC advises less than a year), so it is set at every build: a site
 * built at least once a year never shows a stale one.
 */
export function securityTxt({ contactEmail, siteUrl, builtAt = new Date() }: { contactEmail: string; siteUrl: string; builtAt?: Date }): string {
  const expires = new Date(builtAt);
  expires.setUTCFullYear(expires.getUTCFullYear() + 1);
  expires.setUTCDate(expires.getUTCDate() - 1);
  return [
    `Contact: mailto:${contactEmail}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    'Preferred-Languages: en',
    `Canonical: ${new URL(siteFilePaths.securityTxt, siteUrl).href}`,
    '',
  ].join('\n');
}
