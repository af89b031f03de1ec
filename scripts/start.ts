import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `npm start`: builds the site and serves it as Cloudflare does, on workerd (wrangler, offline):
 * the pages with _headers and _redirects, and the Worker with a local D1 database in `data/`.
 * PORT and HOST choose the address (127.0.0.1:4321 by default). The Worker reads its settings
 * (SMTP_*, CONTACT_*, HEALTH_TOKEN, the editor's) from this environment, as on Cloudflare it reads
 * its variables and secrets. Its options (--https, --no-build, --state DIR) are in the README.
 */
const { values } = parseArgs({
  options: { https: { type: 'boolean', default: false }, build: { type: 'boolean', default: true }, state: { type: 'string', default: 'data' } },
  allowNegative: true,
});
const projectRoot = resolve(import.meta.dirname, '..');
const wrangler = join(projectRoot, 'node_modules/wrangler/bin/wrangler.js');
const port = process.env.PORT ?? '4321';
const host = process.env.HOST ?? '127.0.0.1';
if (!/^\d+$/.test(port) || Number(port) > 65535) {
  console.error(`PORT must be a whole number from 0 to 65535; it is "${port}".`);
  process.exit(1);
}

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
if (values.build) run('npm', ['run', '--silent', 'build']);
const state = resolve(values.state);
mkdirSync(state, { recursive: true });
run(process.execPath, [wrangler, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);

// The settings go to wrangler in a file, so that no secret shows in the process list. Each value
// is quoted with a mark it does not hold (dotenv takes it literally then; within double quotes it
// would turn \n into a line break), `$` escaped against wrangler's variable expansion. No edge is in
// front of wrangler to name the visitor, as Cloudflare's is, so the Worker is told so.
const settings = Object.entries({ CONTACT_EDGE_NAMES_VISITOR: 'false', ...process.env }).flatMap(([name, value]) => {
  if (value === undefined || !/^(SMTP_|CONTACT_|HEALTH_TOKEN$|KEYSTATIC_|PUBLIC_KEYSTATIC_)/.test(name)) return [];
  const quote = ["'", '`', '"'].find((mark) => !value.includes(mark) && (mark !== '"' || !/\\[nr]/.test(value)));
  if (!quote || /[\r\n]/.test(value)) throw new Error(`${name} cannot be passed to the Worker: it holds a line break, or every kind of quote.`);
  return [`${name}=${quote}${value.replaceAll('$', '\\$')}${quote}`];
});
const envFile = join(state, 'worker.env');
writeFileSync(envFile, `${settings.join('\n')}\n`, { mode: 0o600 });

const https = values.https ? ['--local-protocol', 'https', '--upstream-protocol', 'https'] : [];
const child = spawn(process.execPath, [wrangler, 'dev', '--ip', host, '--port', port, '--persist-to', state, '--env-file', envFile, ...https, '--show-interactive-dev-session=false', '--live-reload=false'], { cwd: projectRoot, stdio: 'inherit' });
// wrangler ends its workerd processes when it is asked to stop (a SIGKILL would leave them running).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => child.kill(signal));
child.once('exit', (code) => process.exit(code ?? 0));
