/** Whether `href` is the page at `pathname` or one above it, for the menu to mark where the visitor is; home (`/`) matches only itself. */
export function isCurrentPath(pathname: string, href: string): boolean {
  const normalise = (path: string) => (path.endsWith('/') ? path : `${path}/`);
  const current = normalise(pathname);
  const target = normalise(href);
  return target === '/' ? current === '/' : current.startsWith(target);
}
