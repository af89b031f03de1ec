/** The built HTML file of a page, from the `pathname` Astro reports for it ("" is home, "404" the 404 page). */
export function builtFile(dir: URL, pathname: string): URL {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  return new URL(path === '' ? 'index.html' : path === '404' ? '404.html' : `${path}/index.html`, dir);
}
