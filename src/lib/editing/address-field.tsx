import { useState } from 'react';
import { fields } from '@keystatic/core';
import { TextField } from '@keystar/ui/text-field';
import { Flex } from '@keystar/ui/layout';
import { Text } from '@keystar/ui/typography';

// An entry's file name is its web address (services/Cyber.md is /Cyber/), and other sites, search
// engines and old e-mails link to it. So a new entry gets its address from its name once, and an
// existing entry's address is shown but cannot be changed here: renaming it would break those links.
// Keystatic's slug field always lets the address be edited, so this wraps it.

/** Letters, digits and hyphens: an address that needs no escaping anywhere. */
const addressPattern = { regex: /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/, message: 'Address may use only letters, digits and single hyphens, such as "cloud-migration"' };

export function addressField({
  label,
  description,
  min,
  max,
  addressOf,
}: {
  label: string;
  description?: string;
  min: number;
  max: number;
  /** How a visitor reaches an entry with this file name, shown to the editor: "/cloud-migration/". */
  addressOf(slug: string): string;
}) {
  const least = Math.max(min, 1);
  const field = fields.slug({
    name: { label, description, validation: { length: { min: least, max } } },
    slug: {
      label: 'Address (file name)',
      description: 'Made from the name when you create the entry; it cannot be changed later, so links keep working.',
      validation: { pattern: addressPattern },
    },
  });
  return {
    ...field,
    Input(props: Parameters<typeof field.Input>[0]) {
      const [existing] = useState(props.value.slug !== '');
      if (!existing) return <field.Input {...props} />;
      return (
        <Flex direction="column" gap="regular">
          <TextField
            label={label}
            description={description}
            isRequired
            autoFocus={props.autoFocus}
            value={props.value.name}
            onChange={(name) => props.onChange({ name, slug: props.value.slug })}
            errorMessage={props.forceValidation && props.value.name.length < least ? `${label} must be at least ${least} characters long` : undefined}
          />
          <Text size="small" color="neutralSecondary">
            Address: {addressOf(props.value.slug)} (fixed, so that links to it keep working)
          </Text>
        </Flex>
      );
    },
  } as typeof field;
}
