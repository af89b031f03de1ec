// Reads `_headers` straight from its text, deliberately not with the parser the server uses
// (src/lib/publishing/cdn-headers.ts), so that a parser that read nothing would fail the tests
// that compare the two, not pass them.

/** The headers `_headers` gives one path block, on top of `headers` (a wider block's). */
export function block(text: string, path: string, headers: Record<string, string> = {}): Record<string, string> {
  const lines = text.split('\n');
  const start = lines.indexOf(path);
  if (start === -1) return headers;
  const result = { ...headers };
  for (const line of lines.slice(start + 1)) {
    const removed = /^ {2}! ([\w-]+)$/.exec(line);
    const match = /^ {2}([\w-]+): (.+)$/.exec(line);
    if (removed) delete result[removed[1]!.toLowerCase()];
    else if (match) result[match[1]!.toLowerCase()] = match[2]!;
    else break;
  }
  return result;
}

/**
 * The headers a page gets from `_headers`, as a CDN applies them: those of `/*`, then of the page's
 * section (`/OurProjects/*` for the Projects page and the pages below it) or else its own block.
 * Names are lower-case, as a response's are.
 */
export function pageHeadersInFile(text: string, path: string): Record<string, string> {
  const everywhere = block(text, '/*');
  const section = `/${path.split('/')[1]}/*`;
  return block(text, text.split('\n').includes(section) ? section : path, everywhere);
}
