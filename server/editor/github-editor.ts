import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, relative, sep } from 'node:path';
import { immutableCache } from '../../src/lib/publishing/cdn-headers.ts';
import { compressedCopiesIn, sendFile } from '../send-file.ts';
import { adminHeaders, adminPrefix, adminText, assetPrefix, createEditorApi, fillAdminPage, isEditorApiPath } from './admin.ts';
import type { GitHubEditorSettings } from './settings.ts';

/** The admin's file for an address under /keystatic/_assets/, or null for a malformed address or one outside that folder. */
function assetFile(adminRoot: string, path: string): string | null {
  try {
    const file = normalize(join(adminRoot, decodeURIComponent(path)));
    return file.startsWith(join(adminRoot, '_assets') + sep) && existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/** A Fetch API answer written to Node's response, its cookies each in a header of their own. */
async function writeResponse(response: ServerResponse, answer: Response): Promise<void> {
  const headers: Record<string, string | string[]> = Object.fromEntries(answer.headers);
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  response.writeHead(answer.status, headers);
  response.end(answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined);
}

/**
 * Serves the browser editor in GitHub mode on the Node server: the admin's page and its
 * content-hashed scripts from dist/admin (built, and compressed, by scripts/build-admin.ts), and
 * Keystatic's login API (server/editor/admin.ts, shared with the Worker). For the paths
 * isEditorPath() accepts; server/main.ts sends nothing else here.
 */
export function createGitHubEditor(adminRoot: string, settings: GitHubEditorSettings) {
  const page = fillAdminPage(readFileSync(join(adminRoot, 'index.html'), 'utf8'), settings);
  // The build writes each script's .br and .gz copies beside it (scripts/build-admin.ts).
  const copiesOf = compressedCopiesIn(adminRoot);
  const api = createEditorApi(settings);

  /** `origin` is the address the visitor's browser used, as server/main.ts works it out (only a trusted proxy's X-Forwarded-* count). */
  return async function handleEditorRequest(request: IncomingMessage, response: ServerResponse, origin: string | null): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';

    if (isEditorApiPath(url.pathname)) {
      // No route of the GitHub-mode API reads a body: discard it.
      request.resume();
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      }
      if (!origin) return writeResponse(response, adminText(400, 'Bad request: the request names no usable host.'));
      await writeResponse(response, await api(new Request(`${origin}${url.pathname}${url.search}`, { method, headers }), origin));
      return;
    }

    if (method !== 'GET' && method !== 'HEAD') return writeResponse(response, adminText(405, 'Method not allowed.', { Allow: 'GET, HEAD' }));
    if (url.pathname.startsWith(assetPrefix)) {
      // /keystatic/_assets/x.js is dist/admin/_assets/x.js, its build-time copies beside it.
      const file = assetFile(adminRoot, url.pathname.slice(adminPrefix.length));
      if (!file) return writeResponse(response, adminText(404, 'Not found.'));
      await sendFile(request, response, { path: file, copies: copiesOf(relative(adminRoot, file)), headers: { ...adminHeaders, 'Cache-Control': immutableCache } });
      return;
    }
    // Every other address under /keystatic is a view of the single-page admin.
    response.writeHead(200, { ...adminHeaders, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
    response.end(method === 'HEAD' ? undefined : page);
  };
}
