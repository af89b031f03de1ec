import { expect, it } from 'vitest';
import type { ComponentSchema } from '@keystatic/core';
import { z } from 'astro/zod';
import { fieldsFromSchema } from '../../src/lib/editing/fields-from-schema.ts';
import { addressOf } from '../../src/lib/editing/address-field.tsx';
import { fileSchemas, teamMemberSchema } from '../../src/lib/content/schemas.ts';
import { siteFactsSchema } from '../../src/lib/site/config.ts';

// The browser editor's forms come from the build's schemas: the same limits must refuse the same values in both.
type FormField = { kind: 'form'; label: string; validate(value: unknown): unknown };

function formField(schema: z.ZodType, ...path: string[]): FormField {
  let field: ComponentSchema = { kind: 'object', fields: fieldsFromSchema(schema) };
  for (const key of path) {
    if (field.kind !== 'object') throw new Error(`${key} is not inside a group`);
    field = field.fields[key]!;
  }
  if (field.kind !== 'form') throw new Error(`${path.join('.')} is a ${field.kind}, not a form field`);
  return field as unknown as FormField;
}

it.each<[string, FormField, z.ZodType | undefined, unknown[], unknown[]]>([
  ['a text shorter or longer than the schema allows', formField(fileSchemas().services, 'subtitle'), fileSchemas().services.shape.subtitle, ['A subtitle of a sensible length for a page.'], ['', 'Too short', 'x'.repeat(161)]],
  ['an optional text left empty, but not one too short', formField(fileSchemas().services, 'description'), undefined, ['', 'A description long enough for search engines to show under the title.'], ['Too short']],
  ['a pattern, a four-digit postcode', formField(siteFactsSchema, 'address', 'postcode'), siteFactsSchema.shape.address.shape.postcode, ['2150'], ['215', '21500', 'NSW1']],
  ['an icon only from Lucide', formField(fileSchemas().services, 'icon'), undefined, ['shield-check'], [null, 'no-such-icon']],
  ['a photo’s fields left empty (no photo yet)', formField(teamMemberSchema({ image: z.string() }), 'photo', 'alt'), undefined, [''], []],
])('the editor’s field checks %s (and the schema alike, where a rule is given)', (_, field, rule, good, bad) => {
  for (const value of good) expect(() => field.validate(value), JSON.stringify(value)).not.toThrow();
  for (const value of bad) expect(() => field.validate(value), JSON.stringify(value)).toThrow();
  if (rule) for (const value of [...good, ...bad]) expect(rule.safeParse(value).success, `the schema, ${JSON.stringify(value)}`).toBe(good.includes(value));
});

it('names a field by its own name, and a schema feature it cannot show instead of showing a wrong form', () => {
  expect(formField(fileSchemas().services, 'subtitle').label).toBe('Subtitle');
  expect(() => fieldsFromSchema(z.object({ when: z.date() }))).toThrow(/"when"/);
});

it('makes a new entry’s address from its name, an apostrophe dropped rather than made a hyphen', () => {
  expect(["What's worth doing", 'What’s worth doing', 'Café & bar'].map(addressOf)).toEqual(['whats-worth-doing', 'whats-worth-doing', 'cafe-and-bar']);
});
