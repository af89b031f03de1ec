// The site's icons as PNG and ICO, drawn at build time from the one mark (public/favicon.svg).

import pngToIco from 'png-to-ico';
import sharp from 'sharp';
import { faviconSizes } from './site-files.ts';

/** A square PNG of the mark alone, corners transparent as drawn: for tabs and bookmarks. */
export function markPng(markSvg: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(markSvg), { density: 72 * (size / 36) })
    .resize(size, size)
    .png()
    .toBuffer();
}

/**
 * The mark on a full square of the brand colour, for platforms that cut their own shape from the
 * icon (iOS rounds it, Android may crop it to a circle): no transparent corners to turn black,
 * and the mark inside the middle three quarters, clear of any crop.
 */
export async function homeScreenIconPng(markSvg: string, size: number, background: string): Promise<Buffer> {
  const mark = await markPng(markSvg, Math.round(size * 0.7));
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: mark, gravity: 'centre' }])
    .flatten({ background })
    .png()
    .toBuffer();
}

/** `/favicon.ico`: the mark at 16 and 32 pixels in one file, for whatever asks for it by name. */
export async function faviconIco(markSvg: string): Promise<Buffer> {
  return pngToIco(await Promise.all(faviconSizes.map((size) => markPng(markSvg, size))));
}
