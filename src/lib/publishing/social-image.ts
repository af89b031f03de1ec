// The 1200×630 picture that link previews (LinkedIn, Slack, iMessage…) show for each page, drawn at
// build time from the page's own heading; src/integrations/publishing-files.ts renders it with sharp.

import type { BrandColours } from '../site/design-tokens.ts';
import { escapeHtml } from './escape-html.ts';

export const socialImageSize = { width: 1200, height: 630 } as const;

/** Where a page's social image is published: `/` → `/og/home.jpg`, `/Cyber/` → `/og/Cyber.jpg`. A JPEG: quicker to encode and smaller than a PNG (docs/PERFORMANCE.md). */
export function socialImagePath(pathname: string): string {
  const slug = pathname.replace(/^\/+|\/+$/g, '').replace(/\.html$/, '').replace(/\//g, '-');
  return `/og/${slug || 'home'}.jpg`;
}

/** Splits text into at most `maxLines` lines of about `maxChars`, ending with "…" if it had to cut. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && `${current} ${word}`.length > maxChars) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.;:]+$/, '')}…`;
  return kept;
}

/** The text of an HTML fragment: tags removed, common entities decoded, spaces folded. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)))
    .replace(/&(quot|apos|lt|gt|nbsp|amp);/g, (_, name: string) => ({ quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' ', amp: '&' })[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

export function headingOf(html: string): { title: string; subtitle: string } {
  const title = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
  const subtitle = /class="hero__subtitle"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
  return { title: textOf(title), subtitle: textOf(subtitle) };
}

const font = "system-ui, 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/** The layer of the social image every page shares, drawn once a build: the sky, the company's name and mark. */
export function socialImageBackground(companyName: string, colours: BrandColours): string {
  const { width, height } = socialImageSize;
  const { brand, brandDeep, glow, action, onBrand } = colours;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${brandDeep}"/><stop offset="1" stop-color="${brand}"/></linearGradient>
    <radialGradient id="glow" cx="0.85" cy="0.2" r="0.5"><stop offset="0" stop-color="${glow}" stop-opacity="0.6"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
    <pattern id="grid" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M48 0H0V48" fill="none" stroke="${onBrand}" stroke-opacity="0.07"/></pattern>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <rect width="${width}" height="${height}" fill="url(#grid)"/>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  <rect x="0" y="${height - 12}" width="${width}" height="12" fill="${action}"/>
  <g font-family="${font}" fill="${onBrand}" transform="translate(80 ${height - 110})">
    <rect width="52" height="52" rx="13" fill="${action}"/>
    <path d="M16 38V15m10 23V22m10 16V26" stroke="${brand}" stroke-width="5" stroke-linecap="round"/>
    <text x="72" y="36" font-size="30" font-weight="700">${escapeHtml(companyName)}</text>
  </g>
</svg>`;
}

/** The rows a page's words can reach (three lines of title, two of subtitle): each page draws and blends only this band. */
export const socialImageWordsBand = { top: 100, height: 400 } as const;

/** A page's own layer of its social image: its title, large, and its subtitle, on a transparent band (socialImageWordsBand). */
export function socialImageWords({ title, subtitle }: { title: string; subtitle: string }): string {
  const titleLines = wrapText(title, 24, 3);
  const subtitleLines = wrapText(subtitle, 52, 2);
  const titleTop = 250 - (titleLines.length - 1) * 36;
  const { top, height } = socialImageWordsBand;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${socialImageSize.width}" height="${height}" viewBox="0 ${top} ${socialImageSize.width} ${height}">
  <g font-family="${font}" fill="#ffffff">
    ${titleLines.map((line, index) => `<text x="80" y="${titleTop + index * 76}" font-size="66" font-weight="700">${escapeHtml(line)}</text>`).join('\n    ')}
    ${subtitleLines.map((line, index) => `<text x="80" y="${titleTop + titleLines.length * 76 + 24 + index * 40}" font-size="30" fill="#c9d6ea">${escapeHtml(line)}</text>`).join('\n    ')}
  </g>
</svg>`;
}

/**
 * Lays the words' band (RGBA pixels, as sharp draws an SVG) over a copy of the background (RGB,
 * opaque), from row `top`. Hand-written because sharp's composite blends the whole picture in
 * floating point, much slower, and a site of a thousand case studies draws a thousand of them
 * (measured in docs/PERFORMANCE.md).
 */
export function blendWordsOver(background: Uint8Array, words: Uint8Array, { width, top }: { width: number; top: number }): Buffer {
  const picture = Buffer.from(background);
  const offset = top * width * 3;
  for (let pixel = 0; pixel < words.length / 4; pixel++) {
    const alpha = words[pixel * 4 + 3]!;
    if (alpha === 0) continue;
    for (let channel = 0; channel < 3; channel++) {
      const at = offset + pixel * 3 + channel;
      picture[at] = Math.round((words[pixel * 4 + channel]! * alpha + picture[at]! * (255 - alpha)) / 255);
    }
  }
  return picture;
}
