import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliCopy, brotliQualities, roundTripBodyBytes } from '../../src/lib/publishing/precompress.ts';

const brotliAt = (body: Buffer, quality: number) =>
  brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });

/** Markup like a listing page's: cards whose summaries are words in a fixed pseudo-random order. */
function listingLikeMarkup(): string {
  const words = 'we build software for small business point of sale payroll attendance learning security data mobile web search design support client project orders faster'.split(' ');
  let seed = 7;
  const nextWord = () => words[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % words.length]!;
  let markup = '';
  for (let card = 0; markup.length < 160_000; card++) {
    const summary = Array.from({ length: 12 }, nextWord).join(' ');
    markup += `<li class="card"><a href="/OurProjects/project-${card}/"><h3>Project ${card}</h3><p>${summary}.</p></a></li>\n`;
  }
  return markup;
}

describe('brotli copies for the Node server', () => {
  const markup = listingLikeMarkup();
  const prefix = (length: number) => Buffer.from(markup.slice(0, length));
  const [quickest, , best] = brotliQualities as [number, number, number];

  it('are made at the quickest quality when that already fits the first round trip', async () => {
    const body = prefix(20_000);
    expect(brotliAt(body, quickest).length).toBeLessThanOrEqual(roundTripBodyBytes);
    expect((await brotliCopy(body)).equals(brotliAt(body, quickest))).toBe(true);
  });

  it('take a slower, smaller quality for a file that the quickest would leave too large', async () => {
    // The shortest prefix that the quickest quality leaves over the limit.
    let fits = 1_000;
    let tooLarge = markup.length;
    while (tooLarge - fits > 1) {
      const middle = Math.floor((fits + tooLarge) / 2);
      if (brotliAt(prefix(middle), quickest).length > roundTripBodyBytes) tooLarge = middle;
      else fits = middle;
    }
    const body = prefix(tooLarge);
    const copy = await brotliCopy(body);
    expect(copy.length).toBeLessThanOrEqual(roundTripBodyBytes);
    expect(brotliDecompressSync(copy).equals(body)).toBe(true);
    // …and the first quality that fits, not the slowest.
    const fitting = brotliQualities.find((quality) => brotliAt(body, quality).length <= roundTripBodyBytes)!;
    expect(fitting).not.toBe(quickest);
    expect(copy.equals(brotliAt(body, fitting))).toBe(true);
  });

  it('are as small as brotli can make them when no quality fits', async () => {
    const body = prefix(markup.length);
    expect(brotliAt(body, best).length).toBeGreaterThan(roundTripBodyBytes);
    const copy = await brotliCopy(body);
    expect(copy.equals(brotliAt(body, best))).toBe(true);
    expect(brotliDecompressSync(copy).equals(body)).toBe(true);
  });
});
