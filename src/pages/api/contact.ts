import type { APIContext, APIRoute } from 'astro';
import type { ContactOutcome } from '../../../server/contact/service.ts';
import type { ProblemLog } from '../../../server/log.ts';

// The one part of the site that runs on demand: every page stays prerendered for the CDN. The
// contact service itself is created by the Node server (server/main.ts) and handed in as
// `locals.contact`; under `npm run dev`, src/middleware.ts creates one.
export const prerender = false;

const thankYouPage = '/MessageSent/';
const problemPage = '/MessageNotSent/';

function wantsJson(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes('application/json');
}

/** CORS headers for a page served from another allowed origin (pages on a CDN, endpoint elsewhere). */
function corsHeaders(request: Request, allowedOrigins: readonly string[]): Record<string, string> {
  const origin = request.headers.get('origin');
  if (!origin || !allowedOrigins.includes(origin)) return {};
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type, Accept', Vary: 'Origin' };
}

async function respond(context: APIContext, outcome: ContactOutcome, cors: Record<string, string>): Promise<Response> {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...cors };
  if (outcome.kind === 'rejected') {
    if (outcome.status === 405) headers.Allow = 'POST';
    if (outcome.retryAfterSeconds) headers['Retry-After'] = String(outcome.retryAfterSeconds);
  }
  const status = outcome.kind === 'accepted' ? 200 : outcome.status;

  if (wantsJson(context.request)) {
    const body =
      outcome.kind === 'accepted'
        ? { ok: true, id: outcome.id, message: 'Thank you: your message has arrived. We reply within one business day.' }
        : outcome.kind === 'invalid'
          ? { ok: false, message: 'Some fields need another look.', errors: outcome.errors }
          : { ok: false, message: outcome.message };
    return Response.json(body, { status, headers });
  }

  // A plain form post (no JavaScript): the thank-you page, or the problem page listing what was wrong.
  if (outcome.kind === 'accepted') return new Response(null, { status: 303, headers: { ...headers, Location: thankYouPage } });
  context.locals.contactProblem = outcome.kind === 'invalid' ? { errors: outcome.errors } : { message: outcome.message };
  const page = await context.rewrite(problemPage);
  page.headers.forEach((value, name) => {
    if (name.toLowerCase() !== 'content-length') headers[name] ??= value;
  });
  return new Response(page.body, { status, headers });
}

/** A failure on our side: never a stack trace to the visitor; the details go to the server log. */
function serverError(context: APIContext, error: unknown, log: ProblemLog = (_kind, line) => console.error(line)): Response {
  // With the stack: a failure on our side is a bug to find. The log keeps anyone from repeating it into a full disk.
  log('[contact] server error', `[contact] Could not handle a contact request: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  const message = 'Something went wrong on our side and your message was not saved. Please try again, or e-mail us.';
  const headers = { 'Cache-Control': 'no-store' };
  return wantsJson(context.request)
    ? Response.json({ ok: false, message }, { status: 500, headers })
    : new Response(message, { status: 500, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
}

export const ALL: APIRoute = async (context) => {
  const service = context.locals.contact;
  if (!service) return serverError(context, new Error('No contact service: run the site with npm start (server/main.ts), which creates it.'));
  const cors = corsHeaders(context.request, service.config.allowedOrigins);
  if (context.request.method === 'OPTIONS' && cors['Access-Control-Allow-Origin']) return new Response(null, { status: 204, headers: cors });
  try {
    // Read a copy of the request, so the original can still be rewritten to the problem page.
    // Behind a proxy Astro's clientAddress and URL are the proxy's hop; server/main.ts knows which
    // proxies to believe, and passes the visitor's address and origin.
    const outcome = await service.receive(context.request.clone(), {
      clientAddress: context.locals.visitorAddress ?? context.clientAddress,
      origin: context.locals.publicOrigin ?? context.url.origin,
    });
    return await respond(context, outcome, cors);
  } catch (error) {
    return serverError(context, error, service.log);
  }
};
