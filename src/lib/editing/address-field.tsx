import { useState } from 'react';
import slugify from '@sindresorhus/slugify';
import { fields } from '@keystatic/core';
import { TextField } from '@keystar/ui/text-field';
import { Flex } from '@keystar/ui/layout';
import { Text } from '@keystar/ui/typography';

// An entry's file name is its web address (services/Cyber.md is /Cyber/), or the name other entries
// point to it by, and others link to it: a new entry gets it from its name once; an existing one's
// is shown, never changed. Keystatic's slug field always lets it be edited and words its problems
// for developers, so this field keeps Keystatic's value and checks on Save, with inputs of its own.

/** A new entry's address from its name: an apostrophe is dropped, not made a hyphen ("What’s new" → whats-new). */
export const addressOf = (name: string) => slugify(name, { decamelize: false, customReplacements: [["'", ''], ['’', '']] });

/** Letters, digits and hyphens: an address that needs no escaping anywhere. */
const addressPattern = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;

/** What an editor is told about a name: that it is needed, or how long it may be. */
export function nameProblem(name: string, label: string, { min, max }: { min: number; max: number }): string | undefined {
  const length = name.trim().length;
  if (length === 0) return `${label} is needed.`;
  if (length < min) return `${label} needs at least ${min} characters.`;
  if (name.length > max) return `${label} can have at most ${max} characters; this one has ${name.length}.`;
  return undefined;
}

const addressForm = (label: string) => `${label} may use only letters, digits and single hyphens, such as "cloud-migration".`;

/** What an editor is told about a new entry's address: empty, in a form that cannot be a file name, or taken. */
export function addressProblem(address: string, label: string, taken: ReadonlySet<string>): string | undefined {
  if (address === '') return `${label} is needed: type the name first, and it is made from it.`;
  if (!addressPattern.test(address)) return addressForm(label);
  if (taken.has(address)) return `Another entry already has the ${label.toLowerCase()} "${address}": change the name, or this field.`;
  return undefined;
}

export function addressField({
  label,
  description,
  min,
  max,
  addressLabel,
  addressHelp,
  describeAddress,
}: {
  label: string;
  description?: string;
  min: number;
  max: number;
  /** What the form calls the address of a new entry: "Web address", or "Saved as". */
  addressLabel: string;
  /** Help under a new entry's address: how it is made, and that it is fixed. */
  addressHelp: string;
  /** The sentence shown under an existing entry's name: its address, or where it shows. */
  describeAddress(slug: string): string;
}) {
  const least = Math.max(min, 1);
  const field = fields.slug({
    // Keystatic's own checks on Save, with the same rules as the inputs below.
    name: { label, description, validation: { length: { min: 1, max }, pattern: { regex: new RegExp(`^[\\s\\S]{${least},}$`), message: `${label} needs at least ${least} characters.` } } },
    slug: { label: addressLabel, description: addressHelp, validation: { pattern: { regex: addressPattern, message: addressForm(addressLabel) } } },
  });
  // The addresses in use, as Keystatic hands them to its check on Save: a clash is then named here too.
  let taken: ReadonlySet<string> = new Set();
  return {
    ...field,
    validate(value: Parameters<typeof field.validate>[0], context?: Parameters<typeof field.validate>[1]) {
      if (context?.slugField) taken = context.slugField.slugs;
      return field.validate(value, context);
    },
    Input(props: Parameters<typeof field.Input>[0]) {
      const [existing] = useState(props.value.slug !== '');
      const [addressTyped, setAddressTyped] = useState(false);
      const [blurred, setBlurred] = useState({ name: false, address: false });
      const nameError = props.forceValidation || blurred.name ? nameProblem(props.value.name, label, { min: least, max }) : undefined;
      const nameInput = (
        <TextField
          label={label}
          description={description}
          isRequired
          autoFocus={props.autoFocus}
          value={props.value.name}
          onChange={(name) => props.onChange({ name, slug: existing || addressTyped ? props.value.slug : addressOf(name) })}
          onBlur={() => setBlurred((was) => ({ ...was, name: true }))}
          errorMessage={nameError}
        />
      );
      if (existing) {
        return (
          <Flex direction="column" gap="regular">
            {nameInput}
            <Text size="small" color="neutralSecondary">
              {describeAddress(props.value.slug)}
            </Text>
          </Flex>
        );
      }
      // A new entry's address is made from the name: while the name is empty, only the name is wrong.
      const addressError = (props.forceValidation && props.value.name.trim() !== '') || blurred.address ? addressProblem(props.value.slug, addressLabel, taken) : undefined;
      return (
        <Flex direction="column" gap="xlarge">
          {nameInput}
          <TextField
            label={addressLabel}
            description={addressHelp}
            isRequired
            value={props.value.slug}
            onChange={(slug) => {
              setAddressTyped(slug !== '');
              props.onChange({ name: props.value.name, slug });
            }}
            onBlur={() => setBlurred((was) => ({ ...was, address: true }))}
            errorMessage={addressError}
          />
        </Flex>
      );
    },
  } as typeof field;
}
