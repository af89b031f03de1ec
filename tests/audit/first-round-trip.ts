import { get } from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';

/** What a new connection's first round trip can carry (10 TCP segments of about 1,400 bytes). */
export const firstRoundTripBytes = 14_000;

/**
 * The bytes of one page's answer as the server sends it to a browser that accepts brotli: the
 * status line, every header line and the (compressed) body. That is what must fit in the first
 * round trip for the page to start rendering without waiting for a second one.
 */
export function measureResponseBytes(url: string): Promise<{ status: number; headerBytes: number; bodyBytes: number; total: number }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'br, gzip' } }, (response) => {
      const statusLine = `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}\r\n`;
      let headerBytes = Buffer.byteLength(statusLine) + 2; // the blank line that ends the headers
      for (let index = 0; index < response.rawHeaders.length; index += 2) {
        headerBytes += Buffer.byteLength(`${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}\r\n`);
      }
      let bodyBytes = 0;
      response.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headerBytes, bodyBytes, total: headerBytes + bodyBytes }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * What a page's answer carries until the end of its first screen: its headers (`headerBytes`, as
 * measured above), then its HTML up to where `endOfFirstScreen` matches, compressed as workerd
 * compresses (brotli at quality 5). For an article, longer than one round trip by its nature, the
 * first screen is its styles, header, hero and first paragraph.
 */
export function firstScreenBytes(html: string, headerBytes: number, endOfFirstScreen: RegExp): number {
  const end = endOfFirstScreen.exec(html);
  if (!end) throw new Error(`The page has no ${endOfFirstScreen}: its first screen cannot be measured.`);
  const prefix = html.slice(0, end.index + end[0].length);
  return headerBytes + brotliCompressSync(prefix, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
}
