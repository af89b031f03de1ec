import type { BasicFormField } from '@keystatic/core';

type Options<T extends {} | null> = Pick<BasicFormField<T>, 'label' | 'Input' | 'defaultValue' | 'parse'> & { problem(value: T): string | undefined };

/** A Keystatic field of one value with an input of its own: Save is stopped by the problem its input shows. */
export function formField<T extends {} | null>({ problem, ...field }: Options<T>): BasicFormField<T> {
  return {
    kind: 'form',
    formKind: undefined,
    ...field,
    serialize: (value) => ({ value: value ?? undefined }),
    validate(value) {
      const message = problem(value);
      if (message) throw new Error(message);
      return value;
    },
    reader: { parse: field.parse },
  } as BasicFormField<T>;
}
