import { describe, expect, it } from 'vitest';
import { checkRedirectsFileLimits, formatRedirects, isDynamicRule, matchRedirect, parseRedirects, redirectsFileLimits, wildcardRules } from '../../src/lib/publishing/redirects.ts';

describe('wildcardRules', () => {
  const rules = wildcardRules(['', 'AboutUs/', 'Cyber/', '404/', 'bad path/']);

  it('gives each top-level page its slashless form and its sub-tree, never the home or 404 page', () => {
    expect(rules).toEqual([
      { from: '/AboutUs', to: '/AboutUs/', status: 301 },
      { from: '/AboutUs/:sub', to: '/AboutUs/', status: 301 },
      { from: '/AboutUs/:sub/*', to: '/AboutUs/', status: 301 },
      { from: '/Cyber', to: '/Cyber/', status: 301 },
      { from: '/Cyber/:sub', to: '/Cyber/', status: 301 },
      { from: '/Cyber/:sub/*', to: '/Cyber/', status: 301 },
    ]);
  });

  it('leads every form of the address to the canonical page, and never redirects the page itself', () => {
    for (const path of ['/Cyber', '/Cyber/anything', '/Cyber/anything/', '/Cyber/a/b/c', '/Cyber/a/b/c/']) {
      expect(matchRedirect(rules, path), path).toEqual({ location: '/Cyber/', status: 301 });
    }
    expect(matchRedirect(rules, '/Cyber/')).toBeNull();
    expect(matchRedirect(rules, '/')).toBeNull();
    expect(matchRedirect(rules, '/CyberSecurity/')).toBeNull();
    expect(matchRedirect(rules, '/cyber/x')).toBeNull();
  });
});

describe('wildcardRules for a page with pages below it (the Projects page)', () => {
  const pages = ['', 'OurProjects/', 'OurProjects/2/', 'OurProjects/harbour-and-vine/', 'OurProjects/service/WebApp/', 'OurProjects/service/SEO/', 'Cyber/'];
  // As the CDN reads them: static rules first, then the dynamic ones in order.
  const rules = parseRedirects(formatRedirects(wildcardRules(pages)));

  it('serves every real page as it is: no rule sends one elsewhere', () => {
    for (const page of pages.slice(1).map((path) => `/${path}`)) {
      const match = matchRedirect(rules, page);
      expect(match === null || (match.status === 200 && match.location === page), `${page}: ${JSON.stringify(match)}`).toBe(true);
    }
  });

  it('leads each page’s slashless form and sub-tree to it', () => {
    for (const page of ['/OurProjects/harbour-and-vine/', '/OurProjects/2/', '/OurProjects/service/WebApp/']) {
      for (const variant of [page.slice(0, -1), `${page}anything`, `${page}anything/`, `${page}a/b/c`]) {
        expect(matchRedirect(rules, variant), variant).toEqual({ location: page, status: 301 });
      }
    }
    expect(matchRedirect(rules, '/OurProjects')).toEqual({ location: '/OurProjects/', status: 301 });
    expect(matchRedirect(rules, '/OurProjects/service/')).toEqual({ location: '/OurProjects/', status: 301 });
    // A page without pages below it keeps its three rules.
    expect(matchRedirect(rules, '/Cyber/a/b')).toEqual({ location: '/Cyber/', status: 301 });
  });

  it('leaves an unknown address one level down to the 404 page, which no pattern can tell from a case study', () => {
    expect(matchRedirect(rules, '/OurProjects/no-such-project/')).toBeNull();
    expect(matchRedirect(rules, '/OurProjects/no-such-project')).toEqual({ location: '/OurProjects/no-such-project/', status: 301 });
  });
});

describe('the CDN’s limits at 1,000 case studies', () => {
  // The addresses a build makes with 1,000 projects with case studies: 12 a page, 6 services.
  const services = ['Cyber', 'DataScience', 'WebApp', 'MobileApp', 'SEO', 'Software'];
  const pages = [
    '',
    'AboutUs/',
    'Contact/',
    'Clients/',
    'OurServices/',
    'OurProducts/',
    ...services.map((service) => `${service}/`),
    'IPOS/',
    'IPayroll/',
    'LMS/',
    'OurProjects/',
    ...Array.from({ length: Math.ceil(1_000 / 12) - 1 }, (_, index) => `OurProjects/${index + 2}/`),
    ...Array.from({ length: 1_000 }, (_, index) => `OurProjects/a-long-case-study-name-for-project-number-${index}/`),
    ...services.map((service) => `OurProjects/service/${service}/`),
    // Every project involved web development: its pages by service run to 84 as well.
    ...Array.from({ length: Math.ceil(1_000 / 12) - 1 }, (_, index) => `OurProjects/service/WebApp/${index + 2}/`),
  ];
  const text = formatRedirects(wildcardRules(pages));

  it('stays within every limit of _redirects', () => {
    const rules = parseRedirects(text);
    const dynamic = rules.filter(isDynamicRule).length;
    console.log(`_redirects at 1,000 case studies: ${rules.length - dynamic} static and ${dynamic} dynamic rules, ${Buffer.byteLength(text).toLocaleString('en')} bytes.`);
    expect(checkRedirectsFileLimits(text)).toEqual([]);
    expect(rules.length - dynamic).toBeLessThanOrEqual(redirectsFileLimits.staticRules);
  });

  it('still serves the numbered pages and the pages by service', () => {
    const rules = parseRedirects(text);
    for (const page of [
      '/OurProjects/2/',
      '/OurProjects/84/',
      '/OurProjects/service/SEO/',
      '/OurProjects/service/WebApp/2/',
      '/OurProjects/service/WebApp/84/',
      '/OurProjects/a-long-case-study-name-for-project-number-999/',
    ]) {
      const match = matchRedirect(rules, page);
      expect(match === null || (match.status === 200 && match.location === page), page).toBe(true);
    }
  });

  it('leads the other forms of a numbered page by service to the page itself', () => {
    const rules = parseRedirects(text);
    expect(matchRedirect(rules, '/OurProjects/service/WebApp/2')).toEqual({ location: '/OurProjects/service/WebApp/2/', status: 301 });
    expect(matchRedirect(rules, '/OurProjects/service/WebApp/2/old/path')).toEqual({ location: '/OurProjects/service/WebApp/2/', status: 301 });
    expect(matchRedirect(rules, '/OurProjects/service/WebApp')).toEqual({ location: '/OurProjects/service/WebApp/', status: 301 });
  });

  it('names every limit it crosses', () => {
    const tooMany = formatRedirects(Array.from({ length: 101 }, (_, index) => ({ from: `/x${index}/:sub`, to: `/x${index}/`, status: 301 as const })));
    expect(checkRedirectsFileLimits(tooMany)).toEqual([expect.stringMatching(/101 dynamic rules; Cloudflare Pages reads at most 100/)]);
    const long = `/${'a'.repeat(1_003)} /b/ 301\n`;
    expect(checkRedirectsFileLimits(`# a note\n${long}`)).toEqual([expect.stringMatching(/line 2 is 1012 characters long/)]);
  });
});

describe('formatRedirects and parseRedirects', () => {
  it('writes static rules before dynamic ones and reads back what it wrote', () => {
    const rules = wildcardRules(['Cyber/', 'AboutUs/']);
    const text = formatRedirects(rules);
    const lines = text.trim().split('\n').slice(1);
    expect(lines.slice(0, 2)).toEqual(['/AboutUs /AboutUs/ 301', '/Cyber /Cyber/ 301']);
    expect(lines.slice(2).every((line) => /[:*]/.test(line.split(' ')[0]!))).toBe(true);
    expect(parseRedirects(text).sort((a, b) => a.from.localeCompare(b.from))).toEqual(rules.sort((a, b) => a.from.localeCompare(b.from)));
  });

  it('defaults to 302 like the CDNs, skips comments, and names the line it cannot read', () => {
    expect(parseRedirects('# note\n\n/old /new\n')).toEqual([{ from: '/old', to: '/new', status: 302 }]);
    expect(() => parseRedirects('/a /b 301\n/c /d 418\n')).toThrow(/line 2/);
    expect(() => parseRedirects('nonsense\n')).toThrow(/line 1/);
  });
});

describe('matchRedirect', () => {
  it('fills placeholders and the splat into the destination, first match wins', () => {
    const rules = parseRedirects('/blog/:year/* /news/:year/:splat 301\n/* /index.html 200\n');
    expect(matchRedirect(rules, '/blog/2023/hello/world')).toEqual({ location: '/news/2023/hello/world', status: 301 });
    expect(matchRedirect(rules, '/anything')).toEqual({ location: '/index.html', status: 200 });
  });

  it('treats dots and other characters in a rule literally', () => {
    const rules = parseRedirects('/old.html /new/ 301\n');
    expect(matchRedirect(rules, '/old.html')).not.toBeNull();
    expect(matchRedirect(rules, '/oldxhtml')).toBeNull();
  });
});
