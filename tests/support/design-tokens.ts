import { readFileSync } from 'node:fs';
import { semanticColoursIn, type SchemeColours } from '../../src/lib/site/design-tokens.ts';

export type { Scheme } from '../../src/lib/site/design-tokens.ts';

/** The semantic colours of this project's src/styles/tokens.scss, read from the file itself so that tests follow the design. */
export function semanticColours(): Map<string, SchemeColours> {
  return semanticColoursIn(readFileSync(new URL('../../src/styles/tokens.scss', import.meta.url), 'utf8'));
}

/** `#0a192f` as the browser reports a computed colour: `rgb(10, 25, 47)`. */
export const asComputedColour = (hex: string) => `rgb(${[1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)).join(', ')})`;
