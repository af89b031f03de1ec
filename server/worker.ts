import { contactEndpointPath } from '../src/lib/contact/addresses.ts';
import { answerContact, contactCron } from './contact/endpoint.ts';
import { answerEditor, isEditorPath } from './editor/admin.ts';
import { answerHealth, healthPath } from './health.ts';
import type { WorkerContext, WorkerEnv } from './types.ts';

// The Worker (wrangler.jsonc, `main`). The pages are static assets, answered by Cloudflare before
// the Worker runs, with public/_headers and the build's _redirects. The Worker gets only what runs
// on demand (`assets.run_worker_first`): the contact form, the health check and the browser editor.

/** The headers public/_headers gives every page; _headers does not apply to a Worker's own answers. */
const securityHeaders: [string, string][] = [
  ['Content-Security-Policy', "frame-ancestors 'none'"],
  ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
];

/** The same answer with every security header it does not set itself; a page keeps its own policy in its <meta>. */
function withSecurityHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of securityHeaders) if (!headers.has(name)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const methodNotAllowed = (allowed: string) => new Response(`This address answers ${allowed} only.\n`, { status: 405, headers: { Allow: allowed, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/**
 * Reads and drops what is left of a request's body before the answer goes out: unread, workerd
 * closes the connection and a client still sending loses the answer (a 413, 429 or 403). Past a
 * megabyte, far beyond any real form, a post is abuse and may lose it.
 */
async function discardRest(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body || body.locked) return;
  const reader = body.getReader();
  let read = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      read += chunk.value.byteLength;
      if (read > 1024 * 1024) return void (await reader.cancel());
    }
  } catch {
    // The client went away: nothing is left to read.
  }
}

async function answer(request: Request, env: WorkerEnv, context: WorkerContext): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname === contactEndpointPath) return request.method === 'POST' ? answerContact(request, env, context) : methodNotAllowed('POST');
  if (pathname === healthPath) return request.method === 'GET' || request.method === 'HEAD' ? answerHealth(request, env) : methodNotAllowed('GET, HEAD');
  if (isEditorPath(pathname)) return answerEditor(request, env);
  return env.ASSETS.fetch(request);
}

export default {
  async fetch(request: Request, env: WorkerEnv, context: WorkerContext): Promise<Response> {
    const response = await answer(request, env, context);
    await discardRest(request.body);
    return withSecurityHeaders(response);
  },

  async scheduled(_controller: unknown, env: WorkerEnv): Promise<void> {
    await contactCron(env);
  },
};
