import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { contactSettingNames } from '../server/contact/config.ts';
import { editorSettingNames } from '../server/editor/settings.ts';

// The Cloudflare build (npm run build:cloudflare) on workerd, Cloudflare's own runtime, through
// wrangler from node_modules, offline: for npm run preview:cloudflare, the tests and the load test.

const projectRoot = resolve(import.meta.dirname, '..');
const wranglerCli = join(projectRoot, 'node_modules/wrangler/bin/wrangler.js');
/** The adapter's deploy configuration, which wrangler finds through .wrangler/deploy/config.json. */
const builtWorker = join(projectRoot, 'dist-cloudflare/server/wrangler.json');

/** wrangler without its usage reports (the network they need is not there), and in plain text, which is read below. */
const { FORCE_COLOR: _colour, ...inherited } = process.env;
const wranglerEnvironment = { ...inherited, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' };

export interface WorkerProcess {
  /** Where it answers, such as https://127.0.0.1:8787. */
  url: string;
  child: ChildProcess;
  /** Everything wrangler and the Worker printed so far. */
  output: () => string;
  /** Stops wrangler and its workerd (SIGTERM) and waits for them to exit. */
  stop: () => Promise<void>;
}

/** Stops with a sentence naming what is missing, when there is no Cloudflare build to serve. */
export function requireCloudflareBuild(): void {
  if (!existsSync(builtWorker)) throw new Error('No Cloudflare build in dist-cloudflare/: run npm run build:cloudflare first (npm run preview:cloudflare does both).');
}

/** Applies migrations/ to the local D1 database under `state`, as `wrangler d1 migrations apply --remote` does to the real one. */
export function applyLocalMigrations(state: string): void {
  const run = spawnSync(process.execPath, [wranglerCli, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], {
    cwd: projectRoot,
    env: wranglerEnvironment,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`The local D1 migrations failed:\n${run.stdout}\n${run.stderr}`);
}

/**
 * The Worker's settings, as an env file wrangler reads (`--env-file`): the same variables, by the
 * same names, as the Node server's (README, "The contact form" and "Editing on the live site"). Values stay out of the
 * process list; on Cloudflare they are vars and secrets (README, "Cloudflare: nothing to run").
 */
async function writeSettings(state: string, settings: Record<string, string | undefined>): Promise<string> {
  const lines = Object.entries(settings)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${envFileValue(name, value)}`);
  const file = join(state, 'worker.env');
  await writeFile(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}

/**
 * A value as wrangler reads it back unchanged: dotenv takes it literally within quotes it does not
 * hold (single quotes first), and dotenv-expand, which wrangler runs next, leaves an escaped `$` alone.
 */
function envFileValue(name: string, value: string): string {
  const quote = ["'", '`', '"'].find((mark) => !value.includes(mark) && (mark !== '"' || !/\\[nr]/.test(value)));
  if (!quote || /[\r\n]/.test(value)) throw new Error(`${name} cannot be passed to the local Worker: it holds a line break, or every kind of quote.`);
  return `${quote}${value.replaceAll('$', '\\$')}${quote}`;
}

/** The Worker's settings set in `env` (for npm run preview:cloudflare: the same variables npm start reads for the form, health and the editor). */
export function workerSettingsFrom(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries([...contactSettingNames, 'HEALTH_TOKEN', ...editorSettingNames].filter((name) => env[name] !== undefined).map((name) => [name, env[name]!]));
}

export interface WorkerOptions {
  /** Where the local D1 database and the rest of workerd's state are kept. */
  state: string;
  host?: string;
  /** 0 for any free port. */
  port?: number;
  /** Over HTTPS, as on Cloudflare, with workerd's own local certificate. */
  https?: boolean;
  settings?: Record<string, string | undefined>;
}

/** Serves the Cloudflare build on workerd (wrangler dev, local only) and resolves once it is ready. */
export async function startWorker({ state, host = '127.0.0.1', port = 0, https = false, settings = {} }: WorkerOptions): Promise<WorkerProcess> {
  requireCloudflareBuild();
  await mkdir(state, { recursive: true });
  applyLocalMigrations(state);
  const envFile = await writeSettings(state, settings);
  const child = spawn(
    process.execPath,
    [
      wranglerCli,
      'dev',
      '--local',
      '--ip',
      host,
      '--port',
      String(port),
      '--persist-to',
      state,
      '--env-file',
      envFile,
      '--local-protocol',
      https ? 'https' : 'http',
      // The Worker then sees the https:// address the visitor used, as on Cloudflare; without it,
      // wrangler's local proxy hands it a plain-http one (and rewrites Origin to match).
      ...(https ? ['--upstream-protocol', 'https'] : []),
      '--show-interactive-dev-session=false',
      '--live-reload=false',
    ],
    { cwd: projectRoot, env: wranglerEnvironment, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  // If this process ends first (a test that timed out), wrangler and its workerd end with it.
  const stopWithUs = () => child.kill('SIGTERM');
  process.once('exit', stopWithUs);
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      process.off('exit', stopWithUs);
      done();
    }),
  );

  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`workerd did not start within 60 s:\n${output}`));
    }, 60_000);
    const exitedEarly = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`wrangler dev exited (${code}) before it was ready:\n${output}`));
    };
    child.once('exit', exitedEarly);
    const ready = () => {
      const match = /Ready on (https?:\/\/[^\s]+)/.exec(output);
      if (!match) return;
      child.stdout!.off('data', ready);
      clearTimeout(timer);
      child.off('exit', exitedEarly);
      resolvePromise({
        url: match[1]!.replace(/\/$/, ''),
        child,
        output: () => output,
        // SIGTERM: wrangler then ends its workerd processes too (a SIGKILL would leave them running).
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout!.on('data', ready);
  });
}
