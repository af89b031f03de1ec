/** How long a title search engines show whole. */
const shownWhole = 70;

/** The document title: the page's own title first (what a tab shows), then the company, unless that would make it too long to be shown whole. */
export function pageTitle(title: string, companyName: string): string {
  if (title.includes(companyName)) return title;
  const withCompany = `${title} | ${companyName}`;
  return withCompany.length > shownWhole ? title : withCompany;
}
