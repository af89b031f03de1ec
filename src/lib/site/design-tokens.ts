// The design's colours as data, read from src/styles/tokens.scss itself, for what CSS cannot reach
// (the manifest, the theme colour) and for the tests.

export type Scheme = 'light' | 'dark';

/** A semantic colour in each scheme, as #rrggbb (tokens written with rgb() or keywords are left out). */
export type SchemeColours = Record<Scheme, string>;

/** The semantic colours in tokens.scss: `--color-text: light-dark(#{$slate-900}, #{$mist-200})` → `{ light: '#17202e', dark: '#e2e8f0' }`. */
export function semanticColoursIn(source: string): Map<string, SchemeColours> {
  const scale = new Map([...source.matchAll(/^\$([\w-]+):\s*(#[0-9a-f]{6});/gim)].map(([, name, hex]) => [name!, hex!.toLowerCase()]));
  const colour = (value: string): string | undefined => {
    const trimmed = value.trim();
    const variable = /^#\{\$([\w-]+)\}$/.exec(trimmed);
    if (variable) return scale.get(variable[1]!);
    return /^#[0-9a-f]{6}$/i.test(trimmed) ? trimmed.toLowerCase() : undefined;
  };
  const tokens = new Map<string, SchemeColours>();
  for (const [, name, value] of source.matchAll(/^\s*--(color-[\w-]+):\s*([^;]+);/gm)) {
    const pair = /^light-dark\((.+),(.+)\)$/.exec(value!.trim());
    const light = colour(pair ? pair[1]! : value!);
    const dark = colour(pair ? pair[2]! : value!);
    if (light && dark) tokens.set(name!, { light, dark });
  }
  return tokens;
}

/** The brand's colours outside CSS: each a token's light value; a missing token stops the build, naming it. */
export function brandColours(tokens: Map<string, SchemeColours>) {
  const light = (token: string) => {
    const found = tokens.get(token);
    if (!found) throw new Error(`src/styles/tokens.scss has no --${token}, which the brand's colours outside CSS are taken from.`);
    return found.light;
  };
  // The navy of the header, the footer and the bands; the page's own background.
  return { brand: light('color-surface-brand'), surface: light('color-surface') };
}
