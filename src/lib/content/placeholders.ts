const smallNumbers = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** A count as prose writes it: in words up to twelve, in figures above ("six", "1,000"). */
export function countInWords(count: number): string {
  return smallNumbers[count] ?? count.toLocaleString('en-AU');
}

/**
 * Words that stay true as the company grows: `{years}` becomes the years in business when the site
 * is built, `{serviceCount}` the number of services. An unknown placeholder stops the build, naming
 * the file and the ones that exist, rather than showing braces to visitors.
 */
export function fillInPlaceholders<T>(value: T, known: Record<string, string | number>, file: string): T {
  if (typeof value === 'string') {
    return value.replace(/\{(\w*)\}/g, (_, name: string, offset: number, text: string) => {
      if (name in known) {
        const filled = String(known[name]);
        // Where it opens a sentence, it takes a capital ("Six disciplines…").
        return /(^|[.!?]\s+)$/.test(text.slice(0, offset)) ? filled.charAt(0).toUpperCase() + filled.slice(1) : filled;
      }
      const names = Object.keys(known).map((key) => `{${key}}`).join(', ');
      throw new Error(`${file}: "{${name}}" in "${value}" is not something the site can fill in. Use one of ${names}, or remove the braces.`);
    }) as T;
  }
  if (Array.isArray(value)) return value.map((item) => fillInPlaceholders(item, known, file)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillInPlaceholders(item, known, file)])) as T;
  return value;
}
