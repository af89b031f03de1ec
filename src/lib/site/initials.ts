/** The initials for a monogram portrait: first and last name, so "Mei Lin Chen" is "MC", "Liam O'Connor" is "LO". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
