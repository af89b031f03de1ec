import { z } from 'astro/zod';

/** Turns a zod issue path such as `["address", "street"]` into `address.street` (or `(root)`). */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index ? '.' : ''}${String(key)}`)).join('');
}

/** A zod error map that words each problem for an editor, not a developer: what is wrong and what would be accepted. A schema's own messages come first. */
export const plainLanguageErrorMap: z.core.$ZodErrorMap = (issue) => {
  const message = describeProblem(issue);
  if (!message) return undefined;
  // The field's own description (its `.describe()`) tells an editor what belongs there.
  const description = issue.inst && 'description' in issue.inst ? issue.inst.description : undefined;
  return description ? `${message} Expected: ${description}.` : message;
};

function describeProblem(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `is missing: add it (${describeExpected(issue.expected)} expected).` : `should be ${describeExpected(issue.expected)}, but it is ${describeValue(issue.input)}.`;
    case 'too_small':
      if (issue.origin === 'string') return `is too short: write at least ${count(issue.minimum, 'character')}.`;
      if (issue.origin === 'array') return `needs at least ${count(issue.minimum, 'item')}.`;
      return `is too small: it must be at least ${String(issue.minimum)}.`;
    case 'too_big':
      if (issue.origin === 'string') return `is too long: keep it to ${String(issue.maximum)} characters or fewer.`;
      if (issue.origin === 'array') return `has too many items: at most ${String(issue.maximum)}.`;
      return `is too big: it must be at most ${String(issue.maximum)}.`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}, but it is ${describeValue(issue.input)}.`;
    case 'invalid_format':
      return `is not a valid ${issue.format === 'regex' ? 'value' : issue.format}: ${describeValue(issue.input)}.`;
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} it does not know: ${issue.keys.join(', ')}. Check the spelling, or remove ${issue.keys.length === 1 ? 'it' : 'them'}.`;
    default:
      return undefined;
  }
}

/** Formats every issue of a failed parse as one readable block that names its source and each field. */
export function formatValidationError(source: string, error: z.core.$ZodError): string {
  const lines = error.issues.map((issue) => `  - "${formatIssuePath(issue.path)}" ${issue.message}`);
  const count = error.issues.length === 1 ? 'a problem' : `${error.issues.length} problems`;
  return `${source} has ${count}:\n${lines.join('\n')}`;
}

function count(amount: number | bigint, noun: string): string {
  return `${String(amount)} ${noun}${amount === 1 || amount === 1n ? '' : 's'}`;
}

function describeExpected(expected: string): string {
  const names: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false', array: 'a list', object: 'a group of fields' };
  return names[expected] ?? expected;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'empty';
  if (value === null) return 'empty (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the text ${JSON.stringify(value)}`;
  if (typeof value === 'object') return 'a group of fields';
  return `${typeof value === 'number' ? 'the number' : typeof value} ${String(value)}`;
}

/**
 * Makes a content schema word its problems for editors ({@link plainLanguageErrorMap}: "is missing:
 * add it", "should be a number, but it is …"), every problem in a file reported at once. Astro
 * parses content with its own error map ("Expected type `number`"), which zod prefers to any set
 * with `z.config`; so the schema is parsed here with this map, the parse's own `error` parameter,
 * and each problem handed on already worded. A part that words its own message keeps it.
 */
export function withEditorErrors<T extends z.ZodType>(schema: T) {
  return z.unknown().transform(async (data, context) => {
    const result = await schema.safeParseAsync(data, { error: plainLanguageErrorMap });
    if (result.success) return result.data;
    for (const { path, message } of result.error.issues) context.addIssue({ code: 'custom', path, message, input: data });
    return z.NEVER;
  });
}
