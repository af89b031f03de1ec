/** The colour schemes a reader can choose in the menu, "system" following the device: the choice in force is `data-appearance` on <html>. */
export const appearanceChoices = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const;

export type Appearance = (typeof appearanceChoices)[number]['value'];

export const appearanceStorageKey = 'appearance';

/** The choice in force, as the head script applied it. */
export function currentAppearance(): Appearance {
  const choice = document.documentElement.dataset.appearance;
  return appearanceChoices.some(({ value }) => value === choice) ? (choice as Appearance) : 'system';
}

/** Applies a choice at once and remembers it. Storage may be refused (some private modes): the choice then lasts for this page. */
export function chooseAppearance(choice: Appearance): void {
  document.documentElement.dataset.appearance = choice;
  try {
    localStorage.setItem(appearanceStorageKey, choice);
  } catch {}
}
