import { describe, expect, it } from 'vitest';
import { contrastRatio, schemes, semanticColours } from '../support/design-tokens.ts';

/** WCAG AA: 4.5:1 for body text, 3:1 for large text and for the edges of controls, icons and focus rings. */
const text = 4.5;
const graphic = 3;

/**
 * Every pairing of semantic colours the components use: a foreground on the surfaces it sits on.
 * (The browser tests run axe on every page in both schemes too; this names the design's own pairs,
 * including those axe cannot see, such as focus rings and borders.)
 */
const pairs: [foreground: string, background: string, minimum: number][] = [
  ...['surface', 'surface-alt', 'surface-raised'].flatMap((surface): [string, string, number][] => [
    ['text', surface, text],
    ['text-muted', surface, text],
    ['text-accent', surface, text],
    ['heading', surface, text],
    ['link', surface, text],
    ['link-hover', surface, text],
    ['danger', surface, text],
    ['icon', surface, graphic],
    ['focus', surface, graphic],
    ['success', surface, graphic],
    ['control-border', surface, graphic],
  ]),
  ['text-accent', 'surface-tint', graphic], // a card's icon on its tile
  ['heading', 'surface-tint-strong', text], // the kitchen display's state chips
  ['highlight-on-brand', 'surface-badge', graphic], // a product feature's icon
  ['text-on-brand', 'surface-brand', text],
  ['text-on-brand-muted', 'surface-brand', text],
  ['highlight-on-brand', 'surface-brand', text],
  ['focus-on-brand', 'surface-brand', graphic],
  ['action-text', 'action', text],
  ['action-text', 'action-hover', text],
];

describe('colour contrast of the design tokens', () => {
  const colours = semanticColours();

  it('reads every colour the pairs name, in both schemes', () => {
    const missing = [...new Set(pairs.flatMap(([foreground, background]) => [foreground, background]))].filter((name) => !colours.has(`color-${name}`));
    expect(missing).toEqual([]);
  });

  for (const scheme of schemes) {
    it(`meets WCAG AA for every pair in the ${scheme} scheme`, () => {
      const measured = pairs.map(([foreground, background, minimum]) => ({
        pair: `${foreground} on ${background}`,
        minimum,
        ratio: contrastRatio(colours.get(`color-${foreground}`)![scheme], colours.get(`color-${background}`)![scheme]),
      }));
      expect(measured.filter(({ ratio, minimum }) => ratio < minimum)).toEqual([]);
      // The figure the design is judged by: the pair with the least room above its minimum.
      const tightest = measured.reduce((least, next) => (next.ratio / next.minimum < least.ratio / least.minimum ? next : least));
      console.log(`${scheme}: tightest pair ${tightest.pair}, ${tightest.ratio.toFixed(2)}:1 (needs ${tightest.minimum}:1)`);
    });
  }
});
