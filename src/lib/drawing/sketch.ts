import { lucideIcon } from '../content/icons.ts';
import type { SchemeColours } from '../site/design-tokens.ts';

// A small vocabulary for the site's own drawings (scripts/draw-pictures.ts), the product screens among them:
// devices, panels, lines of text and charts, in the site's semantic colours. A drawing is an <img>,
// which cannot read the page's custom properties, so each file carries the colours it uses, light
// and dark; an SVG image follows the color-scheme of the page that shows it, the reader's choice
// included. Hand-written because no library draws wireframe screens in a given palette.

/** The semantic colours a drawing may use, by their token names without `--color-`. */
export const sketchColours = [
  'surface',
  'surface-alt',
  'surface-raised',
  'surface-tint',
  'surface-tint-strong',
  'surface-brand',
  'border',
  'outline',
  'heading',
  'text',
  'text-muted',
  'text-accent',
  'icon',
  'action',
  'action-text',
  'text-on-brand',
  'success',
  'danger',
] as const;
export type SketchColour = (typeof sketchColours)[number];

const attributes = (values: Record<string, string | number | undefined>) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export const rect = (x: number, y: number, width: number, height: number, colour: SketchColour, radius = 0, extra: { stroke?: SketchColour; opacity?: number } = {}) =>
  `<rect${attributes({ x, y, width, height, rx: radius || undefined, class: [colour, extra.stroke && `line-${extra.stroke}`].filter(Boolean).join(' '), opacity: extra.opacity })}/>`;

export const circle = (cx: number, cy: number, r: number, colour: SketchColour, extra: { stroke?: SketchColour; opacity?: number } = {}) =>
  `<circle${attributes({ cx, cy, r, class: [colour, extra.stroke && `line-${extra.stroke}`].filter(Boolean).join(' '), opacity: extra.opacity })}/>`;

/** A stroke with no fill: chart lines, ticks, waves. */
export const path = (d: string, colour: SketchColour, width = 3) => `<path d="${d}" class="stroke-${colour}" stroke-width="${width}"/>`;

export const text = (x: number, y: number, words: string, colour: SketchColour, size = 12, weight: 400 | 600 | 700 = 400, anchor?: 'middle' | 'end') =>
  `<text${attributes({ x, y, class: colour, 'font-size': size, 'font-weight': weight === 400 ? undefined : weight, 'text-anchor': anchor })}>${escapeText(words)}</text>`;

/** A line of text too small to read: a grey bar of its length. */
export const words = (x: number, y: number, width: number, colour: SketchColour = 'outline', height = 6) => rect(x, y, width, height, colour, height / 2);

/** A tablet lying landscape, its screen at (x+10, y+10). */
export const tablet = (x: number, y: number, width: number, height: number) => rect(x, y, width, height, 'surface-brand', 18, { stroke: 'border' }) + rect(x + 10, y + 10, width - 20, height - 20, 'surface-alt', 10);

/** A phone standing upright, its screen at (x+7, y+16). */
export const phone = (x: number, y: number, width: number, height: number) =>
  rect(x, y, width, height, 'surface-brand', 20, { stroke: 'border' }) + rect(x + 7, y + 16, width - 14, height - 32, 'surface-alt', 12) + rect(x + width / 2 - 14, y + 6, 28, 4, 'outline', 2);

/** A browser window with its address bar, its page at (x, y+26). */
export const browser = (x: number, y: number, width: number, height: number) =>
  rect(x, y, width, height, 'surface-alt', 10, { stroke: 'border' }) +
  rect(x, y, width, 26, 'surface-tint-strong', 10) +
  rect(x, y + 16, width, 10, 'surface-tint-strong') +
  [0, 1, 2].map((dot) => circle(x + 14 + dot * 12, y + 13, 3.5, 'outline')).join('') +
  rect(x + 60, y + 7, width - 120, 12, 'surface-raised', 6);

/** A browser window filling a screen drawing, its page's title at the top and a status chip at the right. */
export const appWindow = (title: string, status?: { label: string; colour: SketchColour; textColour: SketchColour }) =>
  browser(24, 24, 432, 252) + text(44, 74, title, 'heading', 14, 700) + (status ? chip(436 - chipWidth(status.label, 10), 60, status.label, status.colour, status.textColour) : '');

/** A white panel on a screen. */
export const panel = (x: number, y: number, width: number, height: number, colour: SketchColour = 'surface-raised') => rect(x, y, width, height, colour, 8, { stroke: 'border' });

/** A Lucide icon (the site's own icons), `size` px square, its top left at (x, y). */
export const icon = (name: string, x: number, y: number, size: number, colour: SketchColour) =>
  `<g class="ink-${colour}" transform="translate(${x} ${y}) scale(${size / 24})">${lucideIcon(name).body}</g>`;

/** A rounded label: a status, a filter. */
const chipWidth = (label: string, size: number) => Math.round(label.length * size * 0.58 + 16);

export const chip = (x: number, y: number, label: string, colour: SketchColour, textColour: SketchColour = 'heading', size = 10) => {
  const width = chipWidth(label, size);
  return rect(x, y, width, size + 10, colour, (size + 10) / 2) + text(x + width / 2, y + size + 2, label, textColour, size, 600, 'middle');
};

/** A button with its words. */
export const button = (x: number, y: number, width: number, label: string, colour: SketchColour = 'action', textColour: SketchColour = 'action-text', height = 26) =>
  rect(x, y, width, height, colour, height / 2) + text(x + width / 2, y + height / 2 + 4.5, label, textColour, 12, 700, 'middle');

/** A bar chart on a baseline at y: one bar per value (0–1 of height), the bars at `highlight` in the action colour. */
export const bars = (x: number, y: number, height: number, values: number[], { width = 16, gap = 8, highlight = [] as number[] } = {}) =>
  values.map((value, index) => rect(x + index * (width + gap), y - value * height, width, value * height, highlight.includes(index) ? 'action' : 'icon', 3)).join('') +
  path(`M${x - 4} ${y}H${x + values.length * (width + gap)}`, 'border', 1.5);

/** A progress bar, `share` of it done. */
export const progress = (x: number, y: number, width: number, share: number, colour: SketchColour = 'icon') => rect(x, y, width, 6, 'surface-tint-strong', 3) + rect(x, y, Math.max(6, width * share), 6, colour, 3);

/**
 * The file: the drawing's own copy of the token colours it uses, light and then dark (an SVG image
 * follows the color-scheme of the page that shows it), and the site's type.
 */
export function sketchFile(body: string, { width, height, title }: { width: number; height: number; title: string }, colours: Map<string, SchemeColours>, font: string): string {
  const used = sketchColours.filter((name) => new RegExp(`class="[^"]*\\b(?:line-|stroke-|ink-)?${name}\\b`).test(body));
  const palette = (scheme: 'light' | 'dark') =>
    used
      .map((name) => {
        const colour = colours.get(`color-${name}`);
        if (!colour) throw new Error(`src/styles/tokens.scss has no --color-${name}, which the drawings use.`);
        return `--color-${name}:${colour[scheme]};`;
      })
      .join('');
  const rules = used.map((name) => `.${name}{fill:var(--color-${name})}.line-${name}{stroke:var(--color-${name})}.stroke-${name}{fill:none;stroke:var(--color-${name});stroke-linecap:round;stroke-linejoin:round}.ink-${name}{color:var(--color-${name})}`).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    `<title>${escapeText(title)}</title>`,
    `<style>svg{${palette('light')}font-family:${font}}@media (prefers-color-scheme:dark){svg{${palette('dark')}}}${rules}</style>`,
    body,
    '</svg>',
    '',
  ].join('\n');
}
