import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/site-content.ts';

// The site's small design vocabulary (#27): each repeated pattern is one component, so its look is
// declared once. A component that styles its own small-capitals label, boxed panel or tag pills
// drifts from the others; it should use Eyebrow, Panel or TagList instead.

const styleSources = (readdirSync(join(projectRoot, 'src'), { recursive: true }) as string[])
  .filter((file) => /\.(astro|scss)$/.test(file) && !file.startsWith('admin'))
  .map((file) => ({ file: join('src', file), text: readFileSync(join(projectRoot, 'src', file), 'utf8') }));

const declaring = (pattern: RegExp) => styleSources.filter(({ text }) => pattern.test(text)).map(({ file }) => file);

describe('the design vocabulary', () => {
  it('declares the small-capitals label once, in Eyebrow.astro', () => {
    expect(declaring(/text-transform:\s*uppercase/)).toEqual(['src/components/Eyebrow.astro']);
  });

  it('declares the boxed panel in Panel.astro, and in Card.astro for a card of a grid', () => {
    expect(declaring(/padding:[^;]+;\s*border:\s*1px solid var\(--color-border\);\s*border-radius:\s*var\(--radius-m\);/)).toEqual(['src/components/Card.astro', 'src/components/Panel.astro']);
  });

  it('declares the tag pills once, in TagList.astro', () => {
    expect(declaring(/padding:\s*var\(--space-1\) var\(--space-3\);\s*border:\s*1px solid var\(--color-outline\);\s*border-radius:\s*999px/)).toEqual(['src/components/TagList.astro']);
  });
});
