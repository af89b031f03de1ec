import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The folder where `npm run preview:cloudflare` keeps the local Worker's state (its D1 among it):
 * CLOUDFLARE_STATE, by default data/cloudflare (ignored by git, like the Node server's store).
 */
export function localCloudflareState(env: Record<string, string | undefined> = process.env): string {
  return resolve(env.CLOUDFLARE_STATE ?? 'data/cloudflare');
}

/**
 * The SQLite file in which wrangler keeps the local D1 database, under `state`: the store that
 * `npm run inbox -- --cloudflare` reads. Null when the local Worker has not run yet.
 */
export function localD1File(state = localCloudflareState()): string | null {
  const folder = join(state, 'v3/d1/miniflare-D1DatabaseObject');
  if (!existsSync(folder)) return null;
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.sqlite'))
    .map((name) => join(folder, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return files[0] ?? null;
}
