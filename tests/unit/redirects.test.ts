import { describe, expect, it } from 'vitest';
import { redirectsFile, wildcardRules } from '../../src/lib/publishing/redirects.ts';

// The rules of _redirects as data; how Cloudflare (workerd under npm start) answers with them is
// tested on every page's addresses in tests/e2e/site.spec.ts.

const lines = (pages: string[]) => redirectsFile(wildcardRules(pages)).text.trim().split('\n').slice(1);

describe('the rules for the site’s pages', () => {
  it('lead each top-level page’s slashless form and sub-tree to it, never the home or 404 page, static rules first', () => {
    expect(lines(['', 'AboutUs/', 'Security/', '404/', 'bad path/'])).toEqual([
      '/AboutUs /AboutUs/ 301',
      '/Security /Security/ 301',
      '/AboutUs/:sub /AboutUs/ 301',
      '/AboutUs/:sub/* /AboutUs/ 301',
      '/Security/:sub /Security/ 301',
      '/Security/:sub/* /Security/ 301',
    ]);
  });

  it('below the Projects page, serve the pages by service and their numbered pages as they are, and lead the rest of their sub-trees to them', () => {
    expect(lines(['', 'OurProjects/', 'OurProjects/2/', 'OurProjects/corner-bakery/', 'OurProjects/service/Web/', 'OurProjects/service/Web/2/', 'OurProjects/service/Audits/'])).toEqual([
      '/OurProjects /OurProjects/ 301',
      '/OurProjects/service /OurProjects/ 301',
      '/OurProjects/service/ /OurProjects/ 301',
      '/OurProjects/service/:page/ /OurProjects/service/:page/ 200',
      '/OurProjects/service/:page/:number/ /OurProjects/service/:page/:number/ 200',
      '/OurProjects/service/:page /OurProjects/service/:page/ 301',
      '/OurProjects/service/:page/:number /OurProjects/service/:page/:number/ 301',
      '/OurProjects/service/:page/:number/:sub /OurProjects/service/:page/:number/ 301',
      '/OurProjects/service/:page/:number/:sub/* /OurProjects/service/:page/:number/ 301',
      '/OurProjects/:page /OurProjects/:page/ 301',
      '/OurProjects/:page/:sub /OurProjects/:page/ 301',
      '/OurProjects/:page/:sub/* /OurProjects/:page/ 301',
    ]);
  });
});

describe('the CDN’s limits', () => {
  it('hold at 1,000 case studies: the rules do not grow with the projects', () => {
    const numbered = (path: string, count: number) => [path, ...Array.from({ length: Math.ceil(count / 12) - 1 }, (_, index) => `${path}${index + 2}/`)];
    const projects = (count: number) => [...numbered('OurProjects/', count), ...Array.from({ length: count }, (_, index) => `OurProjects/case-study-${index}/`), ...numbered('OurProjects/service/Web/', count)];
    const atThousand = redirectsFile(wildcardRules(['', 'Security/', ...projects(1_000)]));
    expect(atThousand).toEqual({ problems: [], text: redirectsFile(wildcardRules(['', 'Security/', ...projects(30)])).text });
  });

  it('stop the build past 100 dynamic rules', () => {
    const tooMany = redirectsFile(Array.from({ length: 101 }, (_, index) => ({ from: `/x${index}/:sub`, to: `/x${index}/`, status: 301 as const })));
    expect(tooMany.problems).toEqual(['_redirects has 101 dynamic rules; Cloudflare reads at most 100.']);
  });
});
