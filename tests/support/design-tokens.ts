import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './site-content.ts';

export type Scheme = 'light' | 'dark';
export const schemes: readonly Scheme[] = ['light', 'dark'];

/** A semantic colour in each scheme, as #rrggbb (tokens written with rgb() or keywords are left out). */
export type SchemeColours = Record<Scheme, string>;

/**
 * The semantic colours of src/styles/tokens.scss, read from the file itself so that tests follow
 * the design: `--color-text: light-dark(#{$slate-900}, #{$mist-200})` becomes
 * `{ light: '#17202e', dark: '#e2e8f0' }`; a colour without light-dark() is the same in both.
 */
export function semanticColours(): Map<string, SchemeColours> {
  const source = readFileSync(join(projectRoot, 'src/styles/tokens.scss'), 'utf8');
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

/** The WCAG 2 contrast ratio of two #rrggbb colours. */
export function contrastRatio(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [red, green, blue] = [1, 3, 5].map((start) => {
      const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** `#0a192f` as the browser reports a computed colour: `rgb(10, 25, 47)`. */
export function asComputedColour(hex: string): string {
  const [red, green, blue] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${red}, ${green}, ${blue})`;
}
