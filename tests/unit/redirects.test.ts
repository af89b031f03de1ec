import { describe, expect, it } from 'vitest';
import { formatRedirects, matchRedirect, parseRedirects, wildcardRules } from '../../src/lib/publishing/redirects.ts';

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
