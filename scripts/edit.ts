import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { join } from 'node:path';

// `npm run edit`: the site's live preview with the browser editor at /keystatic, in local mode
// (saving writes src/content and src/assets in this folder). PORT and HOST, or --port and --host,
// choose the address; by default http://localhost:4321, reachable from this machine only.

const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' } }, strict: true });
const port = values.port ?? process.env.PORT ?? '4321';
const host = values.host ?? process.env.HOST ?? '127.0.0.1';
if (!/^\d+$/.test(port) || Number(port) > 65535) {
  console.error(`The port must be a whole number from 0 to 65535; it is "${port}".`);
  process.exit(1);
}
if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') console.warn(`Warning: the editor saves without a login, and ${host} may be reachable from other machines.`);

const astro = join(import.meta.dirname, '../node_modules/astro/bin/astro.mjs');
const child = spawn(process.execPath, [astro, 'dev', '--port', port, '--host', host], {
  stdio: 'inherit',
  env: { ...process.env, EDIT_LOCALLY: '1', ASTRO_TELEMETRY_DISABLED: '1' },
});
const shown = host === '127.0.0.1' || host === '::1' ? 'localhost' : host;
console.log(`Starting the editor: http://${shown}:${port}/keystatic (the site's preview is at http://${shown}:${port}/)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
