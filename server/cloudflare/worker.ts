import astro from '@astrojs/cloudflare/entrypoints/server';
import { securityHeaders, plainAnswerPolicy } from '../../src/lib/publishing/cdn-headers.ts';
import { createHealthCheck, createHealthPacer, healthAnswer, mayReadHealthDetails, readHealthToken, tooManyHealthChecks } from '../health.ts';
import { editorMethods, isEditorPath } from '../editor/admin.ts';
import { allowedMethods, healthPath, methodNotAllowed } from '../routes.ts';
import { cronDelivery, workerContact } from './contact.ts';
import { answerEditor } from './editor.ts';
import type { WorkerContext, WorkerEnv } from './runtime-types.ts';

// The Worker (wrangler.jsonc, `main`). The pages are static assets, answered before the Worker
// runs; it gets what runs on demand (`assets.run_worker_first`: /api/* and the browser editor's
// /keystatic), with the same rules as the Node server: the methods each address answers, the
// health check, the editor, and every security header on its answers (_headers applies to static
// assets only). Astro's handler answers the rest: the contact endpoint, the same code as on Node.
// Its Cron Trigger mails what is due.

const healthPacer = createHealthPacer();
let health: { env: WorkerEnv; report: ReturnType<typeof createHealthCheck>; token: string | null } | undefined;

/** The health check of this isolate: one proof of D1's writability shared for a few seconds, as on Node. */
function healthOf(env: WorkerEnv) {
  if (health?.env !== env) {
    const contact = workerContact(env);
    health = { env, report: createHealthCheck({ store: contact.store, mailConfigured: contact.delivery !== null }), token: readHealthToken(env) };
  }
  return health;
}

/** An answer as parts (the shared 405, 429 and health answers) as a Response. */
const asResponse = ({ status, headers, body }: { status: number; headers: Record<string, string>; body: string | null }) => new Response(body, { status, headers });

/** The security headers the Node server sends on its on-demand answers, added where the answer has not set them. */
function withSecurityHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of securityHeaders) if (!headers.has(name)) headers.set(name, value);
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', plainAnswerPolicy);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** How much of an unread body is read to keep the connection whole: a real form is far smaller; a bigger one is abuse and may lose its answer. */
const discardLimitBytes = 1024 * 1024;

/**
 * Reads what is left of a request's body and drops it, before the answer goes out. The endpoint
 * answers some posts without reading them all (413, 429, 403); workerd then closes the connection
 * with the rest unread, and a client still sending can lose the answer. The Node server discards
 * the rest in the same way.
 */
async function discardRest(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body || body.locked) return;
  const reader = body.getReader();
  let read = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      read += chunk.value.byteLength;
      if (read > discardLimitBytes) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing is left to read.
  }
}

async function answerHealth(request: Request, env: WorkerEnv): Promise<Response> {
  const visitor = request.headers.get('CF-Connecting-IP') ?? '';
  const turn = healthPacer.take(visitor);
  if (!turn) return asResponse(tooManyHealthChecks());
  try {
    await new Promise((resolve) => setTimeout(resolve, turn.waitMs));
    const { report, token } = healthOf(env);
    return asResponse(healthAnswer(await report(mayReadHealthDetails(visitor, request.headers.get('Authorization'), token)), request.method));
  } finally {
    turn.done();
  }
}

/** The answer to a request that reaches the Worker (/api/*). */
async function answer(request: Request, env: WorkerEnv, context: WorkerContext): Promise<Response> {
  const { pathname } = new URL(request.url);
  const allowed = allowedMethods(pathname, (path) => (path === healthPath ? ['GET', 'HEAD'] : editorMethods(path)));
  if (!allowed.includes(request.method)) return asResponse(methodNotAllowed(allowed));
  if (pathname === healthPath) return answerHealth(request, env);
  if (isEditorPath(pathname)) return answerEditor(request, env);
  return withSecurityHeaders(await astro.fetch(request as never, env as never, context as never));
}

export default {
  async fetch(request: Request, env: WorkerEnv, context: WorkerContext): Promise<Response> {
    const response = await answer(request, env, context);
    await discardRest(request.body);
    return response;
  },

  // The runtime keeps the Worker alive until this resolves.
  async scheduled(_controller: unknown, env: WorkerEnv): Promise<void> {
    await cronDelivery(env);
  },
};
