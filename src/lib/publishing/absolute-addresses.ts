/** `html` with every `href`, `src` and `srcset` made absolute against `base`, its page: a feed reader shows an article away from the site. */
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
