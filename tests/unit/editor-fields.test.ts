import { describe, expect, it } from 'vitest';
import type { ComponentSchema } from '@keystatic/core';
import { z } from 'astro/zod';
import { fieldsFromSchema } from '../../src/lib/editing/fields-from-schema.ts';
import { serviceSchema, teamMemberSchema } from '../../src/lib/content/schemas.ts';
import { siteFactsSchema } from '../../src/lib/site/config.ts';

// The browser editor's forms come from the build's schemas: the same limits must refuse the same
// values in both. Each case is checked against zod and against the derived Keystatic field.

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

const accepts = (field: FormField, value: unknown) => {
  try {
    field.validate(value);
    return true;
  } catch {
    return false;
  }
};

describe('the browser editor’s fields, derived from the content schemas', () => {
  it('refuses a text shorter or longer than the schema allows, under the field’s own name', () => {
    const subtitle = formField(serviceSchema(), 'subtitle');
    const rule = serviceSchema().shape.subtitle;
    for (const value of ['', 'Too short', 'A subtitle of a sensible length for a page.', 'x'.repeat(161)]) {
      expect(accepts(subtitle, value), JSON.stringify(value)).toBe(rule.safeParse(value).success);
    }
    expect(subtitle.label).toBe('Subtitle');
  });

  it('lets an optional text stay empty, but not be too short', () => {
    const description = formField(serviceSchema(), 'description');
    expect(accepts(description, '')).toBe(true);
    expect(accepts(description, 'Too short')).toBe(false);
    expect(accepts(description, 'A description long enough for search engines to show under the title.')).toBe(true);
  });

  it('checks a pattern the same way: a four-digit postcode', () => {
    const postcode = formField(siteFactsSchema, 'address', 'postcode');
    for (const value of ['2150', '215', '21500', 'NSW1']) {
      expect(accepts(postcode, value), value).toBe(siteFactsSchema.shape.address.shape.postcode.safeParse(value).success);
    }
  });

  it('requires an icon from Lucide, and a photo’s fields may stay empty (no photo yet)', () => {
    const icon = formField(serviceSchema(), 'icon');
    expect(accepts(icon, null)).toBe(false);
    expect(accepts(icon, 'no-such-icon')).toBe(false);
    expect(accepts(icon, 'shield-check')).toBe(true);
    const photoAlt = formField(teamMemberSchema({ image: z.string() }), 'photo', 'alt');
    expect(accepts(photoAlt, '')).toBe(true);
  });

  it('names a schema feature it cannot show instead of showing a wrong form', () => {
    expect(() => fieldsFromSchema(z.object({ when: z.date() }))).toThrow(/"when"/);
  });
});
