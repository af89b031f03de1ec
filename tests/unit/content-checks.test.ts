import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMissingPictures } from '../../src/lib/content/loader.ts';
import { findReferences } from '../../src/lib/content/references.ts';

describe('an entry’s pictures and references', () => {
  const data = {
    title: 'x',
    photo: { src: '../../assets/ana.jpg', alt: 'Ana' },
    gallery: [{ src: '../../assets/ana.jpg', alt: 'Ana again' }, { src: '../../assets/nope.jpg', alt: 'Missing' }],
    logo: { src: '../../assets/gone.svg', alt: 'Gone', nested: { src: './x.png', alt: 'x' } },
    link: { src: 'https://example.com/a.png', alt: 'a' },
    script: { src: '../nope.js' },
    text: 'src',
    image: { src: 'a.png', width: 1, height: 1 },
    project: { id: 'harbour', collection: 'projects' },
    variants: [{ id: 'retail', collection: 'productVariants' }, { id: 'hospo', collection: 'productVariants' }],
  };

  // What the build then says of each, tests/content/content-errors.test.ts reads from astro sync.
  it('findMissingPictures names, at any depth, each relative picture path whose file is missing, and leaves other paths alone', async () => {
    const root = await mkdtemp(join(tmpdir(), 'content-checks-'));
    await mkdir(join(root, 'src/assets'), { recursive: true });
    await writeFile(join(root, 'src/assets/ana.jpg'), 'jpg');
    const entryFile = join(root, 'src/content/team/ana.md');
    expect(findMissingPictures(data, entryFile)).toEqual([
      { field: 'gallery[1].src', src: '../../assets/nope.jpg' },
      { field: 'logo.src', src: '../../assets/gone.svg' },
      { field: 'logo.nested.src', src: './x.png' },
    ]);
  });

  it('findReferences finds references to other entries wherever they are', () => {
    expect(findReferences(data)).toEqual([
      { field: 'project', collection: 'projects', id: 'harbour' },
      { field: 'variants[0]', collection: 'productVariants', id: 'retail' },
      { field: 'variants[1]', collection: 'productVariants', id: 'hospo' },
    ]);
  });
});
