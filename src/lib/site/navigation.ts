/**
 * True when `href` is the page at `pathname` or a page below it, so the menu can mark where the
 * visitor is. The home page (`/`) matches only itself.
 */
export function isCurrentPath(pathname: string, href: string): boolean {
  const normalise = (path: string) => (path.endsWith('/') ? path : `${path}/`);
  const current = normalise(pathname);
  const target = normalise(href);
  return target === '/' ? current === '/' : current.startsWith(target);
}
