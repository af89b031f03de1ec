import tokens from '../../styles/tokens.scss?raw';

/** A colour token's light value, through the scale it names (`--color-surface: light-dark(#{$white}, …)` → `$white: #ffffff`); a missing one stops the build, naming it. */
function lightValueOf(token: string): string {
  const scaleName = new RegExp(`--${token}:\\s*(?:light-dark\\()?#\\{\\$([\\w-]+)\\}`).exec(tokens)?.[1];
  const hex = scaleName && new RegExp(`^\\$${scaleName}:\\s*(#[0-9a-f]{6});`, 'mi').exec(tokens)?.[1];
  if (!hex) throw new Error(`src/styles/tokens.scss has no --${token} drawn from its scale, which the brand's colours outside CSS are taken from.`);
  return hex.toLowerCase();
}

/** The brand's colours where CSS does not reach (the browser's bar, the web app manifest): the navy of the header and bands, and the page's own background. */
export const siteColours = { brand: lightValueOf('color-surface-brand'), surface: lightValueOf('color-surface') };
