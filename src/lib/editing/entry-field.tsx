import { useEffect, useState } from 'react';
import { Checkbox, CheckboxGroup } from '@keystar/ui/checkbox';
import { Radio, RadioGroup } from '@keystar/ui/radio';
import type { CollectionName } from '../content/schemas.ts';
import { formField } from './form-field.ts';

// Keystatic's relationship fields list entries by their file names ("hannah-brooks", "DataScience")
// and have no setting to show a field instead. These list them by the names editors know, from the
// site's /entry-names.json (src/pages/entry-names.json.ts): live under `npm run edit`, as last
// published online, where an entry added since is listed by its file name until the next publish.
// What is saved is the file name, as before.
let published: Promise<Partial<Record<CollectionName, Record<string, string>>>> | undefined;

/** A radio button or tick for each of a collection's entries by name, A to Z, and for any saved one the list does not know, by its file name. */
function useChoices(collection: CollectionName, saved: string[], Choice: typeof Radio | typeof Checkbox) {
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    published ??= fetch('/entry-names.json').then((answer) => (answer.ok ? answer.json() : {}), () => ({}));
    void published.then((all) => setNames(all[collection] ?? {}));
  }, [collection]);
  const entries = [...new Set([...Object.keys(names), ...saved])].map((id) => ({ id, name: names[id] ?? id }));
  return entries.sort((a, b) => a.name.localeCompare(b.name)).map(({ id, name }) => <Choice key={id} value={id}>{name}</Choice>);
}

type Options = { label: string; description?: string; collection: CollectionName };

/** One entry, chosen by name. */
export function entryField({ label, description, collection, isRequired }: Options & { isRequired: boolean }) {
  const problem = (value: string | null) => (isRequired && !value ? `${label} is needed: choose one` : undefined);
  return formField<string | null>({
    label,
    Input: (props) => (
      <RadioGroup label={label} description={description} isRequired={isRequired} value={props.value ?? ''} onChange={props.onChange} errorMessage={props.forceValidation ? problem(props.value) : undefined}>
        {useChoices(collection, props.value ? [props.value] : [], Radio)}
      </RadioGroup>
    ),
    defaultValue: () => null,
    parse: (value) => (typeof value === 'string' ? value : null),
    problem,
  });
}

/** Any number of entries, ticked by name. */
export function entriesField({ label, description, collection, min }: Options & { min: number }) {
  const problem = (value: string[]) => (value.length < min ? `${label}: tick at least ${min}` : undefined);
  return formField<string[]>({
    label,
    Input: (props) => (
      <CheckboxGroup label={label} description={description} value={props.value} onChange={props.onChange} errorMessage={props.forceValidation ? problem(props.value) : undefined}>
        {useChoices(collection, props.value, Checkbox)}
      </CheckboxGroup>
    ),
    defaultValue: () => [],
    parse: (value) => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []),
    problem,
  });
}
