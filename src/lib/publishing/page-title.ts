/** The document title: the page's own title first (what a tab shows), then the company. */
export function pageTitle(title: string, companyName: string): string {
  return title === companyName || title.includes(companyName) ? title : `${title} | ${companyName}`;
}
