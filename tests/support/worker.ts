import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

const projectRoot = process.env.SITE_PROJECT_ROOT ?? resolve(import.meta.dirname, '../..');

export interface TestWorker {
  /** Where it answers, such as http://127.0.0.1:43127. */
  url: string;
  /** Stops it as Ctrl+C would, and waits for it to exit. */
  stop: () => Promise<void>;
  /** Kills wrangler and its workerd at once, as a crash or a power cut would. */
  kill: () => Promise<void>;
}

/** The built site of the project at `root` on workerd, started as `npm start` starts it but without building, on a free port, its D1 in `state`. */
export function startWorker(state: string, settings: Record<string, string> = {}, root = projectRoot): Promise<TestWorker> {
  const child = spawn(process.execPath, [join(root, 'scripts/start.ts'), '--no-build', '--state', state], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NO_COLOR: '1', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, so that wrangler and its workerd can be killed together.
    detached: true,
  });
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const signal = async (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`workerd did not start within 60 s:\n${output}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`)));
    child.stdout!.on('data', () => {
      const ready = /Ready on (http\S+)/.exec(output);
      if (!ready) return;
      clearTimeout(timer);
      resolve({ url: ready[1]!.replace(/\/$/, ''), stop: () => signal('SIGTERM'), kill: () => signal('SIGKILL') });
    });
  });
}

/** Every enquiry in the local D1 under `state`, read from the SQLite file workerd keeps it in. */
export function storedMessages(state: string) {
  const folder = join(state, 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(folder).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (!file) throw new Error(`No D1 database in ${folder}.`);
  const database = new DatabaseSync(join(folder, file), { readOnly: true });
  try {
    return database.prepare('SELECT id, subject, name, email, status, attempts, last_error, ip FROM messages ORDER BY id').all() as unknown as { id: number; subject: string; name: string; email: string; status: 'pending' | 'sent' | 'spam'; attempts: number; last_error: string | null; ip: string }[];
  } finally {
    database.close();
  }
}
