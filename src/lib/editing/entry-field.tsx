import { useEffect, useState } from 'react';
import type { BasicFormField } from '@keystatic/core';
import { Checkbox, CheckboxGroup } from '@keystar/ui/checkbox';
import { Combobox, Item } from '@keystar/ui/combobox';
import type { CollectionName } from '../content/schemas.ts';

// Keystatic's relationship fields list entries by their file names ("hannah-brooks", "DataScience")
// and have no setting to show a field instead. These list them by the names editors know, from the
// site's /entry-names.json (src/pages/entry-names.json.ts): live under `npm run edit`, as last
// published online, where an entry added since (a new team member) is listed by its file name until
// the next publish. What is saved is the file name, as before.
let published: Promise<Partial<Record<CollectionName, Record<string, string>>>> | undefined;

type Entry = { id: string; name: string };

/** A collection's entries by name, A to Z, and any saved one the list does not know, by its file name. */
function useEntries(collection: CollectionName, saved: string[]): Entry[] {
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    published ??= fetch('/entry-names.json').then((answer) => (answer.ok ? answer.json() : {}), () => ({}));
    void published.then((all) => setNames(all[collection] ?? {}));
  }, [collection]);
  const ids = [...new Set([...Object.keys(names), ...saved])];
  return ids.map((id) => ({ id, name: names[id] ?? id })).sort((a, b) => a.name.localeCompare(b.name));
}

type Options = { label: string; description?: string; collection: CollectionName };

/** One entry, chosen by name from a list that narrows as the editor types. */
export function entryField({ label, description, collection, isRequired }: Options & { isRequired: boolean }): BasicFormField<string | null> {
  const parse = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    kind: 'form',
    formKind: undefined,
    label,
    Input(props) {
      const entries = useEntries(collection, props.value ? [props.value] : []);
      return (
        <Combobox
          label={label}
          description={description}
          isRequired={isRequired}
          errorMessage={props.forceValidation && isRequired && !props.value ? `${label} is required: pick one from the list` : undefined}
          autoFocus={props.autoFocus}
          defaultItems={entries}
          value={props.value}
          onChange={(key) => props.onChange(typeof key === 'string' ? key : null)}
          width="alias.singleLineWidth"
        >
          {(entry) => <Item key={entry.id}>{entry.name}</Item>}
        </Combobox>
      );
    },
    defaultValue: () => null,
    parse,
    serialize: (value) => ({ value: value ?? undefined }),
    validate(value) {
      if (isRequired && !value) throw new Error(`${label} is required: pick one from the list`);
      return value;
    },
    reader: { parse },
  } as BasicFormField<string | null>;
}

/** Any number of entries, ticked by name. */
export function entriesField({ label, description, collection, min }: Options & { min: number }): BasicFormField<string[]> {
  const parse = (value: unknown) => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);
  return {
    kind: 'form',
    formKind: undefined,
    label,
    Input(props) {
      const entries = useEntries(collection, props.value);
      return (
        <CheckboxGroup label={label} description={description} value={props.value} onChange={props.onChange} errorMessage={props.forceValidation && props.value.length < min ? `${label}: tick at least ${min}` : undefined}>
          {entries.map((entry) => (
            <Checkbox key={entry.id} value={entry.id}>
              {entry.name}
            </Checkbox>
          ))}
        </CheckboxGroup>
      );
    },
    defaultValue: () => [],
    parse,
    serialize: (value) => ({ value }),
    validate(value) {
      if (value.length < min) throw new Error(`${label}: tick at least ${min}`);
      return value;
    },
    reader: { parse },
  } as BasicFormField<string[]>;
}
