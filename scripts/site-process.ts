import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export interface SiteProcess {
  url: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
  /** Stops it gracefully (SIGTERM) and waits for it to exit. */
  stop: () => Promise<void>;
  /** Kills it at once (SIGKILL), as a crash or power cut would. */
  kill: () => Promise<void>;
}

const projectRoot = resolve(import.meta.dirname, '..');

/**
 * Starts the built site's server (server/main.ts) on a free loopback port with extra environment,
 * and resolves once it is listening. For tests and the load test; needs `npm run build` first.
 */
export function startSiteServer(env: Record<string, string> = {}): Promise<SiteProcess> {
  const child = spawn(process.execPath, [resolve(projectRoot, 'server/main.ts')], {
    cwd: projectRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ASTRO_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);

  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within 20 s:\n${output}`)), 20_000);
    const exitedEarly = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before listening:\n${output}`));
    };
    child.once('exit', exitedEarly);
    child.stdout!.on('data', () => {
      const match = /Serving .* at http:\/\/localhost:(\d+)\//.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.off('exit', exitedEarly);
      resolvePromise({
        url: `http://127.0.0.1:${match[1]}`,
        child,
        output: () => output,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
        kill: async () => {
          child.kill('SIGKILL');
          await exited;
        },
      });
    });
  });
}
