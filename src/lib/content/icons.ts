import { icons } from '@iconify-json/lucide';
import { getIconData, iconToSVG } from '@iconify/utils';

/** True when `name` is an icon of the Lucide set, so content can be checked before a page renders a blank. */
export function isIconName(name: string): boolean {
  return getIconData(icons, name) !== null;
}

/** A Lucide icon's viewBox and inner SVG, read at build time so that icons ship as HTML with no JavaScript; throws for an unknown name. */
export function lucideIcon(name: string): { viewBox: string; body: string } {
  const data = getIconData(icons, name);
  if (!data) throw new Error(`Unknown icon "${name}": pick one from https://lucide.dev/icons.`);
  const { attributes, body } = iconToSVG(data);
  return { viewBox: attributes.viewBox, body };
}
