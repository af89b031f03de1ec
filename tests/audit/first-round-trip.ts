import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';

/** What a new connection's first round trip can carry (10 TCP segments of about 1,400 bytes). */
export const firstRoundTripBytes = 14_000;

/**
 * The bytes of one page's answer as the server sends it to a browser that accepts brotli, status line
 * and headers included: what must fit in the first round trip for the page to start rendering at once.
 */
export async function measureResponseBytes(url: string): Promise<{ headerBytes: number; total: number }> {
  const [response] = (await once(get(url, { headers: { 'Accept-Encoding': 'br, gzip' } }), 'response')) as [IncomingMessage];
  const headerLines = response.rawHeaders.map((text, index) => text + (index % 2 ? '\r\n' : ': ')).join('');
  const headerBytes = Buffer.byteLength(`HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}\r\n${headerLines}\r\n`);
  let bodyBytes = 0;
  for await (const chunk of response) bodyBytes += (chunk as Buffer).length;
  return { headerBytes, total: headerBytes + bodyBytes };
}

/**
 * What an article's answer carries until the end of its first screen (its styles, header, hero and
 * first paragraph), an article being longer than one round trip by its nature: its headers, then its
 * HTML up to there, compressed as workerd compresses (brotli at quality 5).
 */
export function articleFirstScreenBytes(html: string, headerBytes: number): number {
  const end = /<div class="article__text[^>]*>[\s\S]*?<\/p>/.exec(html);
  if (!end) throw new Error('The article has no first paragraph: its first screen cannot be measured.');
  return headerBytes + brotliCompressSync(html.slice(0, end.index + end[0].length), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
}
