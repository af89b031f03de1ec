/** The document title: the page's own title first (what a tab shows), then the company, unless that would make it longer than the 70 characters search engines show whole. */
export function pageTitle(title: string, companyName: string): string {
  if (title.includes(companyName)) return title;
  const withCompany = `${title} | ${companyName}`;
  return withCompany.length > 70 ? title : withCompany;
}
