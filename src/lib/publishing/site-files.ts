// Files asked for by name: the web app manifest and /.well-known/security.txt (src/pages/). The
// icons in public/ are the one mark, public/favicon.svg, drawn at the sizes phones ask for.

/** The web app manifest: what a phone shows when the site is saved to its home screen. */
export function webManifest({ name, shortName, description, themeColour, backgroundColour }: { name: string; shortName: string; description: string; themeColour: string; backgroundColour: string }): string {
  const manifest = {
    name,
    short_name: shortName,
    description,
    start_url: '/',
    scope: '/',
    display: 'browser',
    theme_color: themeColour,
    background_color: backgroundColour,
    icons: [192, 512].map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png' })),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** `/.well-known/security.txt` (RFC 9116): where to report a vulnerability; `Expires`, required, is set just under a year from the build. */
export function securityTxt({ contactEmail, siteUrl, builtAt = new Date() }: { contactEmail: string; siteUrl: string; builtAt?: Date }): string {
  const expires = new Date(builtAt);
  expires.setUTCFullYear(expires.getUTCFullYear() + 1);
  expires.setUTCDate(expires.getUTCDate() - 1);
  return [`Contact: mailto:${contactEmail}`, `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`, 'Preferred-Languages: en', `Canonical: ${new URL('/.well-known/security.txt', siteUrl).href}`, ''].join('\n');
}
