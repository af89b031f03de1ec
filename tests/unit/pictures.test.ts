import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { picturesOf, repeatedPictures, repeatedPicturesWarning, type ContentPicture } from '../../src/lib/content/repeated-pictures.ts';
import { semanticColours } from '../support/design-tokens.ts';
import { content, projectRoot } from '../support/site-content.ts';

// The pictures the content shows: each belongs to one place, no figure is drawn for two projects,
// and the drawings made in the design's colours keep to them in both schemes.

const pictures = picturesOf(content, projectRoot);

describe('the pictures in the content', () => {
  it('are each shown in one place, and no two projects’ drawings show the same figures', () => {
    expect(pictures.filter((picture) => picture.file.startsWith('src/assets/products/')).length).toBeGreaterThan(0);
    expect(repeatedPicturesWarning(pictures, projectRoot)).toBeNull();
  });

  it('a picture shown twice, or a figure drawn for two projects, is named with the files that show it', () => {
    const root = mkdtempSync(join(tmpdir(), 'pictures-'));
    mkdirSync(join(root, 'src/assets'), { recursive: true });
    const drawing = (figure: string) => `<svg xmlns="http://www.w3.org/2000/svg"><text x="1" y="1">${figure}</text><text x="1" y="9">Dispatch board</text></svg>`;
    writeFileSync(join(root, 'src/assets/a.svg'), drawing('92%'));
    writeFileSync(join(root, 'src/assets/b.svg'), drawing('92%').replace('Dispatch', 'Course'));
    writeFileSync(join(root, 'src/assets/c.jpg'), 'photo');
    writeFileSync(join(root, 'src/assets/d.jpg'), 'photo');
    const shown: ContentPicture[] = [
      { file: 'src/assets/a.svg', shownBy: 'src/content/projects/westlink.md', project: 'westlink' },
      { file: 'src/assets/b.svg', shownBy: 'src/content/projects/bluegum.md', project: 'bluegum' },
      { file: 'src/assets/c.jpg', shownBy: 'src/content/clients/one.md' },
      { file: 'src/assets/d.jpg', shownBy: 'src/content/clients/two.md' },
    ];
    expect(repeatedPictures(shown, root)).toEqual([
      'The pictures of src/content/projects/westlink.md and src/content/projects/bluegum.md both show "92%": each project’s pictures should show its own figures.',
      'src/content/clients/one.md and src/content/clients/two.md show the same picture (src/assets/d.jpg): give each its own.',
    ]);
    expect(repeatedPicturesWarning(shown, root)?.split('\n')).toEqual(['Some pictures look cloned:', ...repeatedPictures(shown, root).map((line) => `  - ${line}`)]);
  });

  it('drawn in the design’s colours keep to the tokens of src/styles/tokens.scss, light and dark', () => {
    const tokens = semanticColours();
    const drawings = (readdirSync(join(projectRoot, 'src/assets'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.svg'))
      .map((file) => join('src/assets', file))
      .filter((file) => readFileSync(join(projectRoot, file), 'utf8').includes('--color-'));
    expect(drawings.length).toBeGreaterThan(pictures.filter((picture) => picture.file.startsWith('src/assets/products/')).length);
    for (const file of drawings) {
      const svg = readFileSync(join(projectRoot, file), 'utf8');
      const [light, dark] = [/<style>svg\{([^}]+)\}/, /prefers-color-scheme:dark\)\{svg\{([^}]+)\}/].map((pattern) => pattern.exec(svg)?.[1] ?? '');
      for (const [scheme, block] of [['light', light], ['dark', dark]] as const) {
        const declared = [...block!.matchAll(/--(color-[\w-]+):(#[0-9a-f]{6})/g)];
        expect(declared.length, `${file} declares its ${scheme} colours`).toBeGreaterThan(0);
        for (const [, name, value] of declared) expect(value, `${file}: --${name} in the ${scheme}`).toBe(tokens.get(name!)?.[scheme]);
      }
    }
  });
});
