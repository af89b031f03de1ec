/**
 * Words in content that stay true as the company grows: `{years}` in a section heading becomes
 * the years in business when the site is built. An unknown placeholder stops the build with the
 * file, the placeholder and the ones that exist, rather than showing braces to visitors.
 */
export function fillInPlaceholders<T>(value: T, known: Record<string, string | number>, file: string): T {
  if (typeof value === 'string') {
    return value.replace(/\{(\w*)\}/g, (_, name: string) => {
      if (name in known) return String(known[name]);
      const names = Object.keys(known).map((key) => `{${key}}`).join(', ');
      throw new Error(`${file}: "{${name}}" in "${value}" is not something the site can fill in. Use one of ${names}, or remove the braces.`);
    }) as T;
  }
  if (Array.isArray(value)) return value.map((item) => fillInPlaceholders(item, known, file)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillInPlaceholders(item, known, file)])) as T;
  }
  return value;
}
