import { fields, type ComponentSchema } from '@keystatic/core';
import { z } from 'astro/zod';
import type { EditorHint } from '../content/schemas.ts';
import { entriesField, entryField } from './entry-field.tsx';
import { iconField } from './icon-field.tsx';

// The browser editor's forms are derived from the same zod schemas that check the build
// (src/lib/content/schemas.ts), through zod's own JSON Schema output, so a field's name, type,
// requiredness, limits and help text cannot differ between the two. A schema feature this file
// does not know stops the admin from loading, naming the field, rather than showing a wrong form.

/** A part of the JSON Schema zod writes for our schemas (each of its parts a schema too, never `true`), with our `editor` hint (`.meta()`). */
type SchemaNode = z.core.JSONSchema.JSONSchema & { items?: SchemaNode; properties?: Record<string, SchemaNode>; editor?: EditorHint };

/** A schema as zod's JSON Schema describes what a file may hold (its input, before defaults). */
export function schemaNodeOf(schema: z.ZodType): SchemaNode {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as SchemaNode;
}

/** The form fields for every property of an object schema, in the schema's order. */
export function fieldsFromSchema(schema: z.ZodType): Record<string, ComponentSchema> {
  const root = schemaNodeOf(schema);
  if (root.type !== 'object' || !root.properties) throw new Error('An editable collection needs an object schema.');
  return objectFields(root, []);
}

/** Sentence-case label from a field name: `onHome` → "On home". A schema's `.meta({ title })` wins. */
export function labelFor(key: string, node: SchemaNode): string {
  if (node.title) return node.title;
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Keystatic has no optional group: a group is always shown, and saved as `{}` when left empty
 * (src/lib/content/loader.ts reads that as "not given"). So inside an optional group, such as a
 * team member's photo, every field may stay empty; the build still checks that a photo has its alt text.
 */
function objectFields(node: SchemaNode, path: string[], isOptional = false): Record<string, ComponentSchema> {
  const required = new Set(isOptional ? [] : (node.required ?? []));
  return Object.fromEntries(Object.entries(node.properties ?? {}).map(([key, child]) => [key, fieldFor(child, labelFor(key, child), required.has(key), [...path, key])]));
}

function fieldFor(node: SchemaNode, label: string, isRequired: boolean, path: string[]): ComponentSchema {
  const { description, editor: hint } = node;
  if (hint?.kind === 'icon') return iconField({ label, description, isRequired });
  if (hint?.kind === 'image') {
    return fields.image({
      label,
      description,
      directory: `src/assets/${hint.folder}`,
      // Content files sit two folders below src/, so this is the path Astro's image() resolves.
      publicPath: `../../assets/${hint.folder}/`,
      validation: { isRequired },
    });
  }
  if (hint?.kind === 'reference') return entryField({ label, description, collection: hint.collection, isRequired });
  // A required date starts at today, so a new article is dated the day it is written.
  if (hint?.kind === 'date') return fields.date({ label, description, defaultValue: isRequired ? { kind: 'today' } : undefined, validation: { isRequired } });

  switch (node.type) {
    case 'string':
      if (node.format === 'uri') return fields.url({ label, description, validation: { isRequired } });
      return fields.text({ label, description, multiline: hint?.kind === 'multiline', validation: { ...textRules(label, node, isRequired), ...patternRule(label, node) } });
    case 'integer':
      return fields.integer({
        label,
        description,
        defaultValue: typeof node.default === 'number' ? node.default : undefined,
        validation: {
          isRequired: isRequired && node.default === undefined,
          min: node.minimum,
          // zod writes "the largest safe integer" for int(); that is no limit an editor needs to see.
          max: node.maximum === Number.MAX_SAFE_INTEGER ? undefined : node.maximum,
        },
      });
    case 'boolean':
      // A list's column (an article's Draft) prints Keystatic's reader's value; the site reads files with Astro, not that reader.
      return { ...fields.checkbox({ label, description, defaultValue: node.default === true }), reader: { parse: (value: unknown) => ((value ?? node.default) === true ? 'Yes' : 'No') } } as ComponentSchema;
    case 'array':
      return arrayField(node, label, path);
    case 'object':
      return fields.object(objectFields(node, path, !isRequired), { label, description });
    default:
      throw new Error(`The browser editor has no form for "${path.join('.')}" (${JSON.stringify(node.type)}); add one in src/lib/editing/fields-from-schema.ts.`);
  }
}

function arrayField(node: SchemaNode, label: string, path: string[]): ComponentSchema {
  const items = node.items;
  if (!items) throw new Error(`"${path.join('.')}" is a list without a type of item.`);
  const length = { min: node.minItems ?? 0, max: node.maxItems ?? Infinity };
  if (items.editor?.kind === 'reference') return entriesField({ label, description: node.description, collection: items.editor.collection, min: length.min });
  const item = fieldFor(items, label, true, [...path, '[]']);
  return fields.array(item, {
    label,
    description: node.description,
    validation: { length },
    itemLabel: (props) => summarise(props as unknown as PreviewProps) || 'New item',
  });
}

/**
 * Text limits in Keystatic's terms, said in an editor's words. Keystatic says "must be at least N
 * characters long" even of an empty field; a needed field should say that it is needed (Keystatic's
 * "must not be empty" for a minimum of one), so a longer minimum becomes a rule of its own. An
 * optional field may stay empty even when it has a minimum length.
 */
function textRules(label: string, node: SchemaNode, isRequired: boolean) {
  const min = node.minLength ?? 0;
  const length = { min: isRequired ? 1 : 0, max: node.maxLength ?? Infinity };
  if (min <= 1) return { length };
  if (node.pattern) throw new Error(`"${label}" has both a minimum length and a pattern; the browser editor cannot check both: add it in src/lib/editing/fields-from-schema.ts.`);
  const atLeast = `[\\s\\S]{${min},}`;
  return {
    length,
    pattern: isRequired ? { regex: new RegExp(`^${atLeast}$`), message: `${label} needs at least ${min} characters.` } : { regex: new RegExp(`^(?:|${atLeast})$`), message: `${label} needs at least ${min} characters, or none.` },
  };
}

/** A text's required form (a postcode, an e-mail address), said in the field's own help text. */
function patternRule(label: string, node: SchemaNode) {
  if (!node.pattern) return {};
  return { pattern: { regex: new RegExp(node.pattern), message: `${label} is not in the expected form${node.description ? `: ${node.description}` : ''}` } };
}

/** The preview value Keystatic hands to `itemLabel`: a form value, or an object of them. */
type PreviewProps = { value?: unknown; fields?: Record<string, PreviewProps> };

/** A list item's heading in the editor: its own text, or its first text field (a title, a group). */
function summarise(props: PreviewProps): string {
  if (typeof props.value === 'string') return props.value;
  for (const child of Object.values(props.fields ?? {})) {
    const text = summarise(child);
    if (text) return text;
  }
  return '';
}
