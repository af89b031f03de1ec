import { get } from 'node:http';

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
