import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { buildCache, type Produce } from './build-cache.ts';

/** Text formats worth compressing; images and fonts are compressed already. */
export const compressibleExtensions = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest']);

/** Below this, compression saves less than the header that announces it. */
const minimumBytes = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
}

const gzipLevel = 9;

/**
 * Brotli at 10, and at 11 (its best) for a file still larger than this: 11 takes 2.5 times as
 * long for 2–3% fewer bytes, which decides nothing for a small page but can bring a large one
 * into the first round trip (14,000 bytes, less 1,200 to 1,800 of status line and headers).
 */
const roundTripBodyBytes = 12_000;

const brotliAt = (body: Buffer, quality: number) =>
  brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });

/** The brotli copy: quality 10, or 11 where it can matter (see roundTripBodyBytes). */
async function brotliCopy(body: Buffer): Promise<Buffer> {
  const good = await brotliAt(body, 10);
  return good.length > roundTripBodyBytes ? brotliAt(body, 11) : good;
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy of every compressible file under `from` into
 * `to`, at the same relative path (`to` may be `from`). Done once at build time, so a server sends
 * these bytes as they are and never compresses on a request. With `cacheFolder`, copies are kept
 * there by the hash of the file: brotli costs 20–70 ms a page, and a rebuild compresses only the
 * files that changed.
 */
export async function precompressFolder(from: string, to: string, { cacheFolder }: { cacheFolder?: string } = {}): Promise<PrecompressSummary> {
  const cache = cacheFolder ? buildCache(cacheFolder) : undefined;
  const cached = (input: Buffer, recipe: string, produce: Produce) => (cache ? cache.get(input, recipe, produce) : produce());
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0 };
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && compressibleExtensions.has(extname(entry.name).toLowerCase()));
  // zlib's async calls run on libuv's thread pool, so the files compress in parallel.
  await Promise.all(
    files.map(async (entry) => {
      const source = join(entry.parentPath, entry.name);
      const body = await readFile(source);
      if (body.length < minimumBytes) return;
      const target = join(to, relative(from, source));
      const [br, gz] = await Promise.all([
        cached(body, `br 10, 11 above ${roundTripBodyBytes}`, () => brotliCopy(body)),
        cached(body, `gz ${gzipLevel}`, () => gzipped(body, { level: gzipLevel })),
      ]);
      await mkdir(dirname(target), { recursive: true });
      await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
      summary.files += 1;
      summary.bytes += body.length;
      summary.brotliBytes += br.length;
    }),
  );
  await cache?.prune();
  return summary;
}
