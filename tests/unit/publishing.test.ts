import { describe, expect, it } from 'vitest';
import { baseCspDirectives, buildHeadersFile, cspSourcesOf, formTargets, headersFor, parseHeaders } from '../../src/lib/publishing/cdn-headers.ts';
import { headingOf, socialImagePath, socialImageSvg, textOf, wrapText } from '../../src/lib/publishing/social-image.ts';
import { breadcrumbJsonLd, jsonLdText, organizationJsonLd, serviceJsonLd, softwareApplicationJsonLd } from '../../src/lib/publishing/structured-data.ts';
import { site } from '../../src/site.config.ts';

describe('social images', () => {
  it('have one address per page', () => {
    expect(socialImagePath('/')).toBe('/og/home.png');
    expect(socialImagePath('/Cyber/')).toBe('/og/Cyber.png');
    expect(socialImagePath('/404')).toBe('/og/404.png');
    expect(socialImagePath('/404.html')).toBe('/og/404.png');
  });

  it('wrap long titles into a few lines and say when they cut', () => {
    expect(wrapText('We build software that helps your business run better', 24, 3)).toEqual([
      'We build software that',
      'helps your business run',
      'better',
    ]);
    expect(wrapText('one two three four five six', 9, 2)).toEqual(['one two', 'three…']);
  });

  it('read the heading and subtitle from the built page, entities decoded', () => {
    const html = '<h1 class="x">Harbour &amp; Vine&#39;s <em>POS</em></h1><p class="hero__subtitle" data-a>Fast &lt;and&gt; calm</p>';
    expect(headingOf(html)).toEqual({ title: "Harbour & Vine's POS", subtitle: 'Fast <and> calm' });
    expect(textOf('a&nbsp;b &#x41;')).toBe('a b A');
  });

  it('escape the text they draw', () => {
    const svg = socialImageSvg({ title: 'A <b> & "c"', subtitle: 'x', companyName: 'Co & Co' });
    expect(svg).toContain('A &#60;b&#62; &#38; &#34;c&#34;');
    expect(svg).toContain('Co &#38; Co');
    expect(svg).toMatch(/^<svg[^>]+width="1200" height="630"/);
  });
});

describe('CDN headers', () => {
  const html = `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-A'; style-src 'self' 'sha256-B' 'sha256-C'">`;

  it('read a page’s script and style sources from its CSP meta', () => {
    expect(cspSourcesOf(html)).toEqual({ script: ["'self'", "'sha256-A'"], style: ["'self'", "'sha256-B'", "'sha256-C'"] });
    expect(cspSourcesOf('<p>no policy</p>')).toEqual({ script: [], style: [] });
  });

  it('allow forms to post only to the site itself, or to the one endpoint configured elsewhere', () => {
    expect(formTargets('/api/contact')).toBe("'self'");
    expect(formTargets('https://forms.example.com/api/contact')).toBe("'self' https://forms.example.com");
    expect(baseCspDirectives('/api/contact')).toContain("form-action 'self'");
  });

  it('write a _headers file that reads back, with every rule where it belongs', () => {
    const text = buildHeadersFile({
      pagePaths: ['/Cyber/', '/', '/Cyber/'],
      cspSources: [cspSourcesOf(html), { script: ["'sha256-D'"], style: [] }],
      contactFormAction: '/api/contact',
    });
    const rules = parseHeaders(text);
    expect(rules.map((rule) => rule.path)).toEqual(['/*', '/_astro/*', '/', '/Cyber/']);

    const page = headersFor(rules, '/Cyber/');
    expect(page['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    expect(page['Strict-Transport-Security']).toMatch(/max-age=\d+/);
    expect(page['Content-Security-Policy']).toContain("script-src 'self' 'sha256-A' 'sha256-D'");
    expect(page['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(page['Content-Security-Policy']).not.toContain('unsafe-inline');

    expect(headersFor(rules, '/_astro/app.1a2b.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(rules, '/unknown/')['Cache-Control']).toBeUndefined();
  });

  it('name the line of a _headers file it cannot read', () => {
    expect(() => parseHeaders('/a\n  Broken header line\n')).toThrow(/line 2/);
    expect(() => parseHeaders('  X-Orphan: 1\n')).toThrow(/line 1/);
  });
});

describe('structured data', () => {
  it('describes the company from the site config', () => {
    const organization: unknown = organizationJsonLd(site);
    expect(organization).toMatchObject({
      '@type': 'Organization',
      name: 'Impact IT Solutions',
      foundingDate: '2017',
      email: 'support@example.com',
      sameAs: site.social.map((profile) => profile.href),
      address: { '@type': 'PostalAddress', addressLocality: 'Parramatta', addressRegion: 'NSW', addressCountry: 'AU' },
    });
  });

  it('numbers breadcrumb items from 1 with absolute URLs', () => {
    expect(breadcrumbJsonLd(site, [{ name: 'Home', path: '/' }, { name: 'Cyber security', path: '/Cyber/' }])).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://www.example.com/' },
        { position: 2, name: 'Cyber security', item: 'https://www.example.com/Cyber/' },
      ],
    });
  });

  it('ties services and products to the company', () => {
    const provider = { '@id': 'https://www.example.com/#organization' };
    expect(serviceJsonLd(site, { name: 'SEO', description: 'd', path: '/SEO/' })).toMatchObject({ '@type': 'Service', provider });
    expect(softwareApplicationJsonLd(site, { name: 'Impact LMS', description: 'd', path: '/LMS/' })).toMatchObject({
      '@type': 'SoftwareApplication',
      publisher: provider,
    });
  });

  it('cannot close its script element early', () => {
    const text = jsonLdText(serviceJsonLd(site, { name: '</script><script>alert(1)</script>', description: 'd', path: '/x/' }));
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>');
  });
});
