/**
 * An HTML fragment with every `href`, `src` and `srcset` address made absolute against `base` (the
 * page it came from): a feed reader shows an article away from the site, where `/_astro/…` and
 * `#part` would lead nowhere.
 */
export function withAbsoluteAddresses(html: string, base: string): string {
  const absolute = (address: string) => new URL(address, base).href;
  return html
    .replace(/\b(href|src)="([^"]*)"/g, (_, name: string, address: string) => `${name}="${absolute(address)}"`)
    .replace(/\bsrcset="([^"]*)"/g, (_, set: string) =>
      `srcset="${set
        .split(',')
        .map((candidate) => {
          const [address = '', ...descriptor] = candidate.trim().split(/\s+/);
          return [absolute(address), ...descriptor].join(' ');
        })
        .join(', ')}"`,
    );
}
