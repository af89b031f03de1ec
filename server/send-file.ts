import { readdirSync, type Dirent } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative } from 'node:path';
import { contentType } from 'mime-types';
import send from 'send';

/** Picks the best encoding the client accepts among those we have: brotli, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q?.trim() !== 'q=0')
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** A file's compressed copies, written at build time: their paths by encoding. */
export type CompressedCopies = Partial<Record<'br' | 'gzip', string>>;

/**
 * Lists once, when the server starts, the `.br` and `.gz` copies under `folder` (the build's output
 * does not change while it is served), and returns a lookup by the original file's path relative
 * to that folder. No copy is looked for on disk per request. A missing folder has no copies.
 */
export function compressedCopiesIn(folder: string): (relativePath: string) => CompressedCopies {
  const copies = new Map<string, CompressedCopies>();
  let entries: Dirent[] = [];
  try {
    entries = readdirSync(folder, { recursive: true, withFileTypes: true });
  } catch {
    // No compressed copies were built; server/main.ts says so at start.
  }
  for (const entry of entries) {
    const encoding = entry.isFile() ? ({ '.br': 'br', '.gz': 'gzip' } as const)[extname(entry.name)] : undefined;
    if (!encoding) continue;
    const path = join(entry.parentPath, entry.name);
    const original = relative(folder, path.slice(0, -extname(path).length));
    copies.set(original, { ...copies.get(original), [encoding]: path });
  }
  return (relativePath) => copies.get(relativePath) ?? {};
}

export interface FileToSend {
  /** The file as built. */
  path: string;
  /** Its build-time compressed copies (compressedCopiesIn); none for files sent as they are. */
  copies?: CompressedCopies;
  status?: 200 | 404;
  headers: Record<string, string | number>;
}

/**
 * Sends one built file through `send`, which gives an ETag, 304 for a revalidation, HEAD, and for
 * files other than pages Last-Modified and Range (206, 416). When the client accepts brotli or gzip
 * and the build wrote that copy, the copy is sent as it is: nothing is compressed on a request.
 */
export function sendFile(request: IncomingMessage, response: ServerResponse, file: FileToSend): Promise<void> {
  const copies = file.copies ?? {};
  const offered = (['br', 'gzip'] as const).filter((encoding) => copies[encoding]);
  const encoding = offered.length > 0 ? chooseEncoding(request.headers['accept-encoding']) : null;
  const chosen = (encoding && copies[encoding]) || file.path;

  for (const [name, value] of Object.entries(file.headers)) response.setHeader(name, value);
  // The type _headers gives, as the CDN sends it; or from the file's extension, not the copy's
  // (a .br copy has the type of what it holds).
  if (!response.hasHeader('Content-Type')) response.setHeader('Content-Type', contentType(extname(file.path)) || 'application/octet-stream');
  // Whenever compressed copies exist the answer depends on Accept-Encoding, even when it is not compressed.
  if (offered.length > 0) response.setHeader('Vary', 'Accept-Encoding');
  if (chosen !== file.path) response.setHeader('Content-Encoding', encoding!);
  // send leaves a non-2xx status alone (and the 404 page, a page, is never sent in ranges).
  if (file.status === 404) response.statusCode = 404;

  // A page's whole answer must fit the first round trip (tests/audit/first-round-trip.ts): its ETag
  // (size and time) already does what Last-Modified would, and no one fetches a page in ranges.
  const isPage = extname(file.path) === '.html';
  return new Promise((resolve, reject) => {
    send(request, chosen, { etag: true, lastModified: !isPage, cacheControl: false, index: false, dotfiles: 'allow', acceptRanges: !isPage })
      .on('error', (error: Error & { status?: number; headers?: Record<string, string> }) => {
        // send's own answers to a request it cannot serve: 416 for a range past the end (with the
        // size in Content-Range), 412 for a failed precondition, 404 if the file vanished meanwhile.
        const status = error.status ?? 500;
        if (status >= 500 || response.headersSent) return reject(error);
        response.removeHeader('Content-Encoding');
        response.writeHead(status, { ...error.headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        response.end(`${error.message}.\n`);
        resolve();
      })
      .on('end', () => resolve())
      .pipe(response);
    response.once('close', () => resolve());
  });
}
