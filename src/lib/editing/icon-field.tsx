import { useMemo, useState } from 'react';
import type { BasicFormField } from '@keystatic/core';
import { Combobox, Item } from '@keystar/ui/combobox';
import { Flex } from '@keystar/ui/layout';
import { icons } from '@iconify-json/lucide';
import { isIconName, lucideIcon } from '../content/icons.ts';
import { formField } from './form-field.ts';

// Lucide has over a thousand icons: editors get a searchable list (Keystatic's own Combobox) with a
// preview, where Keystatic's select field is a plain drop-down with a required default.

/** Every Lucide icon name, aliases included, A to Z. */
const iconNames = [...Object.keys(icons.icons), ...Object.keys(icons.aliases ?? {})].sort();

/** Icons listed at once: the list narrows as the editor types. */
const shownAtOnce = 200;

export function iconField({ label, description, isRequired }: { label: string; description?: string; isRequired: boolean }): BasicFormField<string | null> {
  const problem = (value: string | null) => {
    if (value === null) return isRequired ? `${label} is required: pick an icon` : undefined;
    return isIconName(value) ? undefined : `${label}: "${value}" is not a Lucide icon; pick one from the list`;
  };
  return formField<string | null>({
    label,
    Input(props) {
      const [query, setQuery] = useState(props.value ?? '');
      const matches = useMemo(() => {
        const needle = query.trim().toLowerCase();
        return iconNames.filter((name) => name.includes(needle)).slice(0, shownAtOnce).map((name) => ({ name }));
      }, [query]);
      const preview = props.value && isIconName(props.value) ? lucideIcon(props.value) : null;
      return (
        <Flex gap="regular" alignItems="end">
          <Combobox
            label={label}
            description={description}
            isRequired={isRequired}
            errorMessage={props.forceValidation ? problem(props.value) : undefined}
            autoFocus={props.autoFocus}
            items={matches}
            inputValue={query}
            onInputChange={setQuery}
            value={props.value}
            onChange={(key) => props.onChange(typeof key === 'string' ? key : null)}
            width="alias.singleLineWidth"
          >
            {(item) => <Item key={item.name}>{item.name}</Item>}
          </Combobox>
          {preview && <svg viewBox={preview.viewBox} width="32" height="32" role="img" aria-label={`Preview of ${props.value}`} fill="none" stroke="currentColor" dangerouslySetInnerHTML={{ __html: preview.body }} />}
        </Flex>
      );
    },
    defaultValue: () => null,
    parse(value) {
      if (value === undefined) return null;
      if (typeof value !== 'string') throw new Error(`${label} must be an icon name`);
      return value;
    },
    problem,
  });
}
