import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { localCloudflareState } from '../server/cloudflare/local-d1.ts';
import { startWorker, workerSettingsFrom } from './worker-process.ts';

/**
 * `npm run preview:cloudflare`: the site as Cloudflare serves it, on this machine and offline. It
 * builds for Workers (npm run build:cloudflare), applies migrations/ to a local D1 database kept in
 * CLOUDFLARE_STATE (data/cloudflare by default), and serves pages, form and health on workerd at
 * HOST:PORT (127.0.0.1:8787 by default), with the settings npm start reads (SMTP_*, CONTACT_*,
 * HEALTH_TOKEN, and the browser editor's). `npm run inbox -- --cloudflare` lists what it stored.
 *   --https       over HTTPS, as on Cloudflare, with workerd's own local certificate
 *   --no-build    serve the last Cloudflare build as it is
 */
const { values } = parseArgs({ options: { https: { type: 'boolean', default: false }, build: { type: 'boolean', default: true } }, allowNegative: true });

if (values.build) {
  const build = spawnSync('npm', ['run', '--silent', 'build:cloudflare'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a whole number from 0 to 65535; it is "${process.env.PORT}".`);
  process.exit(1);
}
const state = localCloudflareState();
let worker;
try {
  worker = await startWorker({ state, host: process.env.HOST ?? '127.0.0.1', port, https: values.https, settings: workerSettingsFrom(process.env) });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
process.stdout.write(worker.output());
worker.child.stdout!.pipe(process.stdout);
worker.child.stderr!.pipe(process.stderr);
console.log(`Serving the Cloudflare build on workerd at ${worker.url}/ (local D1 in ${state}). Ctrl+C stops it.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopping = true;
    void worker.stop().then(() => process.exit(0));
  });
}
worker.child.once('exit', (code) => {
  if (!stopping) process.exit(code ?? 1);
});
