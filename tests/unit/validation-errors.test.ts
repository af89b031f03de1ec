import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { formatIssuePath, formatValidationError, plainLanguageErrorMap, withEditorErrors } from '../../src/lib/content/editor-errors.ts';

it('formatIssuePath joins keys with dots and shows list positions in brackets', () => {
  expect([['team', 2, 'photo', 'alt'], [], [0, 'name']].map(formatIssuePath)).toEqual(['team[2].photo.alt', '(root)', '[0].name']);
});

describe('plainLanguageErrorMap', () => {
  it('says a field is missing, or what it should have been; formatValidationError names the source, counts the problems and prefixes each with its field', () => {
    const result = z.object({ title: z.string(), order: z.number(), featured: z.boolean() }).safeParse({ order: 'first', featured: 'yes' }, { error: plainLanguageErrorMap });
    expect(formatValidationError('team/ana.md', result.error!)).toBe(
      [
        'team/ana.md has 3 problems:',
        '  - "title" is missing: add it (text expected).',
        '  - "order" should be a number, but it is the text "first".',
        '  - "featured" should be true or false, but it is the text "yes".',
      ].join('\n'),
    );
  });

  it.each<[string, string, z.ZodType, unknown]>([
    ['a text’s length in characters', 'is too short: write at least 5 characters.', z.string().min(5), 'abc'],
    ['a text’s length in characters', 'is too long: keep it to 3 characters or fewer.', z.string().max(3), 'abcdef'],
    ['a list’s length in items', 'needs at least 2 items.', z.array(z.string()).min(2), ['a']],
    ['a list’s length in items', 'has too many items: at most 1.', z.array(z.string()).max(1), ['a', 'b']],
    ['a number’s bounds', 'is too small: it must be at least 1.', z.number().min(1), 0],
    ['a number’s bounds', 'is too big: it must be at most 1.', z.number().max(1), 2],
    ['the allowed values', 'must be one of "retail", "hospitality", but it is the text "cafe".', z.enum(['retail', 'hospitality']), 'cafe'],
    ['the format', 'is not a valid email: the text "nope".', z.email(), 'nope'],
    ['the known fields', 'has a field it does not know: b. Check the spelling, or remove it.', z.object({ a: z.string() }).strict(), { a: 'x', b: 1 }],
    ['a message written on the schema itself, unchanged', 'must be digits.', z.string().regex(/^\d+$/, { error: 'must be digits.' }), 'x'],
  ])('gives %s: %s', (_, message, schema, input) => {
    expect(schema.safeParse(input, { error: plainLanguageErrorMap }).error?.issues.map((issue) => issue.message)).toEqual([message]);
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
