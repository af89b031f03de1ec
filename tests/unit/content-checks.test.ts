import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { describeMissingPicture, findMissingPictures } from '../../src/lib/content/loader.ts';
import { findReferences } from '../../src/lib/content/references.ts';
import { withEditorErrors } from '../../src/lib/content/editor-errors.ts';

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

  it('findMissingPictures names, at any depth, each relative picture path whose file is missing, and leaves other paths alone; describeMissingPicture says where it should be', async () => {
    const root = await mkdtemp(join(tmpdir(), 'content-checks-'));
    await mkdir(join(root, 'src/assets'), { recursive: true });
    await writeFile(join(root, 'src/assets/ana.jpg'), 'jpg');
    const entryFile = join(root, 'src/content/team/ana.md');
    expect(findMissingPictures(data, entryFile)).toEqual([
      { field: 'gallery[1].src', src: '../../assets/nope.jpg' },
      { field: 'logo.src', src: '../../assets/gone.svg' },
      { field: 'logo.nested.src', src: './x.png' },
    ]);
    expect(describeMissingPicture(entryFile, root, { field: 'photo.src', src: '../../assets/anna.jpg' })).toBe(
      'src/content/team/ana.md: "photo.src" points to "../../assets/anna.jpg", but there is no such file. Check the spelling of the path, or add the picture as src/assets/anna.jpg.',
    );
  });

  it('findReferences finds references to other entries wherever they are', () => {
    expect(findReferences(data)).toEqual([
      { field: 'project', collection: 'projects', id: 'harbour' },
      { field: 'variants[0]', collection: 'productVariants', id: 'retail' },
      { field: 'variants[1]', collection: 'productVariants', id: 'hospo' },
    ]);
  });
});

describe('withEditorErrors', () => {
  const schema = withEditorErrors(z.object({ title: z.string().describe('The page heading'), tags: z.array(z.string()).min(1) }).strict());

  it('passes valid data through unchanged, and reports every problem at once, in plain words, with the field’s description as the expectation', async () => {
    expect(await schema.parseAsync({ title: 'Hello', tags: ['a'] })).toEqual({ title: 'Hello', tags: ['a'] });
    const result = await schema.safeParseAsync({ tags: [], extra: true });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['title', 'is missing: add it (text expected). Expected: The page heading.'],
      ['tags', 'needs at least 1 item.'],
      ['', 'has a field it does not know: extra. Check the spelling, or remove it.'],
    ]);
  });

  it('keeps its wording even when the caller passes its own error map, as Astro does', async () => {
    const result = await schema.safeParseAsync({ title: 3, tags: ['a'] }, { error: () => 'Expected type `string`' });
    expect(result.error?.issues[0]?.message).toBe('should be text, but it is the number 3. Expected: The page heading.');
  });
});
