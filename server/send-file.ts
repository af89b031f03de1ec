import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';
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

export interface FileToSend {
  /** The file as built. */
  path: string;
  /** Where its build-time `.br` and `.gz` copies would be, without the suffix; none for files sent as they are. */
  compressedPath?: string;
  status?: 200 | 404;
  headers: Record<string, string | number>;
}

/**
 * Sends one built file through `send`, which gives ETag and Last-Modified, 304 for a revalidation,
 * HEAD, and Range (206, 416). When the client accepts brotli or gzip and the build wrote that copy,
 * the copy is sent as it is: nothing is compressed on a request.
 */
export function sendFile(request: IncomingMessage, response: ServerResponse, file: FileToSend): Promise<void> {
  const encoding = file.compressedPath ? chooseEncoding(request.headers['accept-encoding']) : null;
  const variant = encoding && file.compressedPath ? `${file.compressedPath}.${encoding === 'br' ? 'br' : 'gz'}` : null;
  const chosen = variant && existsSync(variant) ? variant : file.path;

  for (const [name, value] of Object.entries(file.headers)) response.setHeader(name, value);
  // send takes the type from the file's extension; a .br copy has the type of what it holds.
  response.setHeader('Content-Type', contentType(extname(file.path)) || 'application/octet-stream');
  // Whenever compressed copies exist the answer depends on Accept-Encoding, even when it is not compressed.
  if (file.compressedPath && (chosen !== file.path || existsSync(`${file.compressedPath}.br`) || existsSync(`${file.compressedPath}.gz`))) {
    response.setHeader('Vary', 'Accept-Encoding');
  }
  if (chosen !== file.path) response.setHeader('Content-Encoding', encoding!);
  if (file.status === 404) {
    // The 404 page is a whole answer: no ranges of it, and send leaves a non-2xx status alone.
    response.statusCode = 404;
    delete request.headers.range;
  }

  return new Promise((resolve, reject) => {
    send(request, chosen, { etag: true, lastModified: true, cacheControl: false, index: false, dotfiles: 'allow', acceptRanges: file.status !== 404 })
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
