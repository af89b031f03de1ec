import type { APIContext, APIRoute } from 'astro';
import type { ContactOutcome } from '../../../server/contact/request.ts';
import type { ProblemLog } from '../../../server/log.ts';
import { plainAnswerPolicy } from '../../lib/publishing/cdn-headers.ts';
import { thankYouPagePath } from '../../lib/contact/addresses.ts';
import { problemPagePath, withProblems } from '../../lib/contact/problem-page.ts';

// The one part of the site that runs on demand, the same code on Node and on a Worker: every page
// stays prerendered. What it needs from the runtime (the store, the rate limit, the mail, the
// prerendered problem page) comes in as `locals.contact`: from server/main.ts on Node, from
// server/cloudflare/contact.ts on a Worker (src/middleware.ts asks for it).
export const prerender = false;


function wantsJson(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes('application/json');
}

async function respond(context: APIContext, outcome: ContactOutcome, staticPage: (path: string) => Promise<Response>): Promise<Response> {
  // An answer that is not a page loads nothing; the problem page brings its own policy.
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', 'Content-Security-Policy': plainAnswerPolicy };
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
  if (outcome.kind === 'accepted') return new Response(null, { status: 303, headers: { ...headers, Location: thankYouPagePath } });
  const page = await staticPage(problemPagePath);
  if (!page.ok) throw new Error(`The problem page ${problemPagePath} could not be read (${page.status}).`);
  const problem = outcome.kind === 'invalid' ? { errors: outcome.errors } : { message: outcome.message };
  return new Response(withProblems(await page.text(), problem), {
    status,
    headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': page.headers.get('Content-Security-Policy') ?? plainAnswerPolicy },
  });
}

/** A failure on our side: never a stack trace to the visitor; the details go to the server log. */
function serverError(context: APIContext, error: unknown, log: ProblemLog = (_kind, line) => console.error(line)): Response {
  // With the stack: a failure on our side is a bug to find. The log keeps anyone from repeating it into a full disk.
  log('[contact] server error', `[contact] Could not handle a contact request: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  const message = 'Something went wrong on our side and your message was not saved. Please try again, or e-mail us.';
  const headers = { 'Cache-Control': 'no-store', 'Content-Security-Policy': plainAnswerPolicy };
  return wantsJson(context.request)
    ? Response.json({ ok: false, message }, { status: 500, headers })
    : new Response(message, { status: 500, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
}

export const ALL: APIRoute = async (context) => {
  const contact = context.locals.contact;
  if (!contact) return serverError(context, new Error('No contact service: run the site with npm start (server/main.ts), or as a Worker (server/cloudflare/worker.ts).'));
  try {
    // Behind a proxy Astro's clientAddress and URL are the proxy's hop; server/main.ts knows which
    // proxies to believe, and passes the visitor's address and origin. On a Worker both are the visitor's.
    const outcome = await contact.receive(context.request, {
      clientAddress: context.locals.visitorAddress ?? context.clientAddress,
      origin: context.locals.publicOrigin ?? context.url.origin,
    });
    return await respond(context, outcome, contact.staticPage);
  } catch (error) {
    return serverError(context, error, contact.log);
  }
};
