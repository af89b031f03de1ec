import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { createStaticSiteHandler } from './static-site.ts';

/**
 * Serves the built site (`npm run build` writes it to dist/) on http://HOST:PORT, by default
 * http://localhost:4321, the way the CDN will: compressed, cached, with a real 404.
 */
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
const root = resolve(process.env.SITE_ROOT ?? 'dist');

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a whole number from 0 to 65535; it is "${process.env.PORT}".`);
  process.exit(1);
}

const handleStatic = createStaticSiteHandler(root);

const server = createServer((request, response) => {
  handleStatic(request, response).catch((error: unknown) => {
    // One bad request must never take the site down: log it, answer 500, carry on.
    console.error(`Error serving ${request.method} ${request.url}:`, error);
    if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Internal server error.\n');
  });
});

server.listen(port, host, () => {
  const shownHost = host === '127.0.0.1' || host === '::1' ? 'localhost' : host;
  console.log(`Serving ${root} at http://${shownHost}:${port}/ (Ctrl+C to stop)`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
