/**
 * The reader's colour scheme. "system" follows the device's own setting; "light" and "dark" are a
 * choice made in the menu and remembered in localStorage. On <html>, `data-appearance` holds the
 * choice in force and tokens.scss turns it into a color-scheme. Runs in the browser (the menus) and
 * at build time (the head script's text, lib/site/appearance-script.ts).
 */
export const appearanceChoices = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const;

export type Appearance = (typeof appearanceChoices)[number]['value'];

/** Where the choice is remembered. */
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
  } catch {
    // Not remembered; nothing else to do.
  }
}
