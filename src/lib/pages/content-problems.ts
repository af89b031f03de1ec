import { caseStudySlugProblems, caseStudyRoute, insightsRoute, routeSlugProblems, slugBelowListingProblems } from '../content/routes.ts';
import { referenceProblems, type SiteContent } from './content.ts';

/** What stops a build before any page is made (a reference to no file, an address that cannot be one or is claimed twice), one sentence each naming the file. */
export function contentProblems(content: SiteContent): string[] {
  const routed = [...content.services, ...content.products].map((entry) => entry.id);
  const caseStudies = content.projects.filter((project) => caseStudyRoute(project)).map((project) => project.id);
  return [
    ...referenceProblems(content),
    ...routeSlugProblems(routed).map((problem) => `Service and product files (src/content/services, src/content/products): ${problem}`),
    ...caseStudySlugProblems(caseStudies).map((problem) => `Project files with a case study (src/content/projects): ${problem}`),
    ...slugBelowListingProblems(content.insights.map((article) => article.id), { path: insightsRoute, name: 'Insights' }).map((problem) => `Articles (src/content/insights): ${problem}`),
  ];
}
