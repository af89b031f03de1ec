import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

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

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy of every compressible file
 * under `from` into `to`, at the same relative path (`to` may be `from`). Done once at build time,
 * so a server sends these bytes as they are and never compresses on a request.
 */
export async function precompressFolder(from: string, to: string): Promise<PrecompressSummary> {
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
        brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzipped(body, { level: 9 }),
      ]);
      await mkdir(dirname(target), { recursive: true });
      await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
      summary.files += 1;
      summary.bytes += body.length;
      summary.brotliBytes += br.length;
    }),
  );
  return summary;
}
