import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { formatIssuePath, formatValidationError, plainLanguageErrorMap } from '../../src/lib/content/editor-errors.ts';

function messagesFor(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input, { error: plainLanguageErrorMap });
  if (result.success) throw new Error('expected a failure');
  return result.error.issues.map((issue) => issue.message);
}

describe('formatIssuePath', () => {
  it('joins keys with dots and shows list positions in brackets', () => {
    expect(formatIssuePath(['team', 2, 'photo', 'alt'])).toBe('team[2].photo.alt');
    expect(formatIssuePath([])).toBe('(root)');
    expect(formatIssuePath([0, 'name'])).toBe('[0].name');
  });
});

describe('plainLanguageErrorMap', () => {
  it('says a field is missing, or what it should have been', () => {
    const schema = z.object({ title: z.string(), order: z.number(), featured: z.boolean() });
    expect(messagesFor(schema, { order: 'first', featured: 'yes' })).toEqual([
      'is missing: add it (text expected).',
      'should be a number, but it is the text "first".',
      'should be true or false, but it is the text "yes".',
    ]);
  });

  it('gives lengths in characters for text and items for lists', () => {
    expect(messagesFor(z.string().min(5), 'abc')).toEqual(['is too short: write at least 5 characters.']);
    expect(messagesFor(z.string().max(3), 'abcdef')).toEqual(['is too long: keep it to 3 characters or fewer.']);
    expect(messagesFor(z.array(z.string()).min(2), ['a'])).toEqual(['needs at least 2 items.']);
    expect(messagesFor(z.array(z.string()).max(1), ['a', 'b'])).toEqual(['has too many items: at most 1.']);
    expect(messagesFor(z.number().min(1), 0)).toEqual(['is too small: it must be at least 1.']);
    expect(messagesFor(z.number().max(1), 2)).toEqual(['is too big: it must be at most 1.']);
  });

  it('lists the allowed values, formats and known fields', () => {
    expect(messagesFor(z.enum(['retail', 'hospitality']), 'cafe')).toEqual([
      'must be one of "retail", "hospitality", but it is the text "cafe".',
    ]);
    expect(messagesFor(z.email(), 'nope')).toEqual(['is not a valid email: the text "nope".']);
    expect(messagesFor(z.object({ a: z.string() }).strict(), { a: 'x', b: 1 })).toEqual([
      'has a field it does not know: b. Check the spelling, or remove it.',
    ]);
  });

  it('leaves a message written on the schema itself alone', () => {
    expect(messagesFor(z.string().regex(/^\d+$/, { error: 'must be digits.' }), 'x')).toEqual(['must be digits.']);
  });
});

describe('formatValidationError', () => {
  it('names the source, counts the problems and prefixes each with its field', () => {
    const result = z.object({ name: z.string(), age: z.number() }).safeParse({ age: 'x' }, { error: plainLanguageErrorMap });
    if (result.success) throw new Error('expected a failure');
    expect(formatValidationError('team/ana.md', result.error)).toBe(
      [
        'team/ana.md has 2 problems:',
        '  - "name" is missing: add it (text expected).',
        '  - "age" should be a number, but it is the text "x".',
      ].join('\n'),
    );
  });
});
