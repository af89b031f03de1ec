import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { site } from '../src/site.config.ts';
import { createContactService } from './contact/service.ts';
import { editorMethods, isEditorPath } from './editor/admin.ts';
import { createGitHubEditor } from './editor/github-editor.ts';
import { editorSettingsFrom } from './editor/settings.ts';
import type { ContactEndpoint } from './contact/endpoint.ts';
import { processContactRequest } from './contact/request.ts';
import { createHealthCheck, createHealthPacer, healthAnswer, mayReadHealthDetails, readHealthToken, tooManyHealthChecks } from './health.ts';
import { createProblemLog, firstLine } from './log.ts';
import { publicOrigin } from './proxy/public-origin.ts';
import { parseTrustedProxies, visitorAddress, type TrustedProxies } from './proxy/visitor-address.ts';
import { requestTimeouts } from './request-limits.ts';
import { allowedMethods, healthPath, methodNotAllowed, requestTarget } from './routes.ts';
import { createStaticSiteHandler, staticPages, type OnDemandHandler } from './static-site.ts';

/**
 * The handler of Astro's Node adapter in middleware mode: the fourth argument becomes `Astro.locals`,
 * with what this server knows (src/env.d.ts); the Cloudflare adapter's locals are the Worker's.
 */
type AstroMiddlewareHandler = (
  ...args: [...Parameters<OnDemandHandler>, locals: Pick<App.Locals, 'contact' | 'visitorAddress' | 'publicOrigin'>]
) => ReturnType<OnDemandHandler>;

/**
 * Serves the built site on http://HOST:PORT (by default http://localhost:4321): the prerendered
 * pages from dist/client the way the CDN will (compressed, cached, _redirects, a real 404), the
 * on-demand contact endpoint from dist/server, built by Astro's Node adapter, and, when its
 * variables are set, the browser editor in GitHub mode from dist/admin.
 */
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
const root = resolve(process.env.SITE_ROOT ?? 'dist/client');
const serverEntry = resolve(process.env.SERVER_ENTRY ?? 'dist/server/entry.mjs');
const adminRoot = resolve(process.env.ADMIN_ROOT ?? 'dist/admin');
// The .br and .gz copies that the build writes for this server (src/integrations/precompress.ts).
const compressedRoot = resolve(process.env.COMPRESSED_ROOT ?? join(root, '../precompressed'));

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a whole number from 0 to 65535; it is "${process.env.PORT}".`);
  process.exit(1);
}
if (!existsSync(resolve(root, 'index.html')) || !existsSync(serverEntry)) {
  console.error(`No built site in ${root} and ${serverEntry}: run npm run build first (npm start does both).`);
  process.exit(1);
}
if (!existsSync(compressedRoot)) console.warn(`No compressed copies in ${compressedRoot}: files are sent uncompressed. npm run build writes them.`);

let trustedProxies: TrustedProxies;
let healthToken: string | null;
try {
  trustedProxies = parseTrustedProxies(process.env.TRUST_PROXY);
  healthToken = readHealthToken(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const editorSettings = editorSettingsFrom(process.env);
if (editorSettings.kind === 'invalid') {
  console.error(`The browser editor is half configured, so the server will not start:\n- ${editorSettings.problems.join('\n- ')}\nSet all of these (README, "Editing on the live site"), or none to run without the editor.`);
  process.exit(1);
}
if (editorSettings.kind === 'on' && !existsSync(resolve(adminRoot, 'index.html'))) {
  console.error(`No built editor in ${adminRoot}: run npm run build first (npm start does both).`);
  process.exit(1);
}
const handleEditor = editorSettings.kind === 'on' ? createGitHubEditor(adminRoot, editorSettings.settings) : null;

// Start the contact service now, not on the first post: it resumes mail that a previous run could
// not deliver, and says at once whether mail is configured. Astro's endpoint receives it as locals.
const problems = createProblemLog();
const contact = await createContactService({ recipient: site.email, siteUrl: site.url, log: problems });
const healthReport = createHealthCheck({ store: contact.store, mailConfigured: contact.outbox !== null });
const contactEndpoint: ContactEndpoint = {
  receive: (request, visitor) => processContactRequest(request, { intake: contact.intake, ...visitor }),
  staticPage: staticPages(root),
  log: problems,
};
const healthPacer = createHealthPacer();
const visitorOf = (request: IncomingMessage) => visitorAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'], trustedProxies);
const { handler: astroHandler } = (await import(pathToFileURL(serverEntry).href)) as { handler: AstroMiddlewareHandler };
const handleSite = createStaticSiteHandler(root, (request, response, next) =>
  astroHandler(request, response, next, {
    contact: contactEndpoint,
    visitorAddress: visitorOf(request),
    publicOrigin: publicOrigin(request.socket.remoteAddress, request.headers, trustedProxies) ?? undefined,
  }),
  { compressedRoot },
);

/**
 * The editor's addresses. Without its variables there is no editor: pages answer with the site's
 * 404 page and anything else (such as a save) with a plain 404. Local mode, which writes files
 * with no login, is never served here; it exists only under `npm run edit`.
 */
function handleEditorPath(request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (handleEditor) return handleEditor(request, response, publicOrigin(request.socket.remoteAddress, request.headers, trustedProxies));
  if (request.method === 'GET' || request.method === 'HEAD') return handleSite(request, response);
  request.resume();
  response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end('Not found: this server has no browser editor.\n');
  return Promise.resolve();
}

/** The health answer, paced per visitor (server/health.ts), so that a flood of checks cannot slow the pages. */
function answerHealthInTurn(request: IncomingMessage, response: ServerResponse): void {
  const visitor = visitorOf(request);
  const turn = healthPacer.take(visitor);
  const write = ({ status, headers, body }: { status: number; headers: Record<string, string>; body: string | null }) => {
    response.writeHead(status, headers);
    response.end(body ?? undefined);
  };
  if (!turn) return write(tooManyHealthChecks());
  const timer = setTimeout(() => {
    turn.done();
    void healthReport(mayReadHealthDetails(visitor, request.headers.authorization, healthToken)).then((report) => write(healthAnswer(report, request.method ?? 'GET')));
  }, turn.waitMs);
  // A visitor who gave up waiting frees their place.
  response.once('close', () => {
    clearTimeout(timer);
    turn.done();
  });
}

/** Requests being answered now: a stop waits for them. */
let inFlight = 0;
let stopping = false;

const server = createServer(requestTimeouts, (request, response) => {
  inFlight += 1;
  response.once('close', () => {
    inFlight -= 1;
    // Once stopping, a keep-alive connection whose answer is done is closed at once.
    if (stopping) setImmediate(() => server.closeIdleConnections());
  });
  if (stopping) response.setHeader('Connection', 'close');

  const { pathname } = requestTarget(request.url);
  const allowed = allowedMethods(pathname, (path) => (path === healthPath ? ['GET', 'HEAD'] : editorMethods(path)));
  if (!allowed.includes(request.method ?? '')) {
    request.resume();
    const { status, headers, body } = methodNotAllowed(allowed);
    response.writeHead(status, headers);
    response.end(body);
    return;
  }
  if (pathname === healthPath) return answerHealthInTurn(request, response);
  const handle = isEditorPath(pathname) ? handleEditorPath : handleSite;
  handle(request, response).catch((error: unknown) => {
    // One bad request must never take the site down: answer 500 and carry on. A visitor who went
    // away is one line; anything else is a bug, logged with its stack, a few a minute at most.
    if (request.destroyed || (error as { code?: string }).code === 'ECONNRESET') {
      problems('[server] visitor gone', `[server] ${request.method} ${pathname}: the visitor went away (${firstLine(error)}).`);
    } else {
      problems('[server] error', `[server] Error serving ${request.method} ${pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Internal server error.\n');
  });
});

server.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host === '127.0.0.1' || host === '::1' ? 'localhost' : host;
  console.log(`Serving ${root} at http://${shownHost}:${actualPort}/ (Ctrl+C to stop)`);
  if (trustedProxies.entries.length > 0) console.log(`Visitors' addresses are taken from X-Forwarded-For when the connection comes from ${trustedProxies.entries.join(', ')} (TRUST_PROXY).`);
  if (editorSettings.kind === 'on') console.log(`Browser editor at /keystatic, committing to github.com/${editorSettings.settings.repository}.`);
});

/** Whichever comes first: `work`, or `ms` milliseconds. Says which. */
function within(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([work.then(() => true), late]).finally(() => clearTimeout(timer));
}

/**
 * A clean stop, within 10 s (systemd's TimeoutStopSec is 15): stop accepting, let the requests in
 * flight finish (a post sent just before the signal is stored and answered), let the outbox finish
 * the message it is sending, close the store, exit 0. A message still mid-send after that stays
 * claimed, and the next start marks it `uncertain` rather than mailing it twice.
 */
async function shutDown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: no new connections; finishing ${inFlight} request(s) in flight, then stopping.`);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  if (!(await within(6_000, closed))) {
    console.warn(`Stopping with ${inFlight} request(s) still unanswered after 6 s.`);
    server.closeAllConnections();
  }
  if (!(await within(3_000, contact.close()))) console.warn('The outbox was still sending after 3 s; that message will be marked uncertain on the next start.');
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutDown(signal));
