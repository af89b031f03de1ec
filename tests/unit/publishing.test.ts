import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  baseCspDirectives,
  buildHeadersFile,
  checkHeadersFileLimits,
  headersFileLimits,
  headersFor,
  iconCache,
  inlineHashesOf,
  mergePolicies,
  narrowPolicy,
  pageCache,
  parseHeaders,
  siteFileRules,
} from '../../src/lib/publishing/cdn-headers.ts';
import { manifestIconPath, siteFilePaths } from '../../src/lib/publishing/site-files.ts';
import sharp from 'sharp';
import { brandColours } from '../../src/lib/site/design-tokens.ts';
import { semanticColours } from '../support/design-tokens.ts';
import {
  blendWordsOver,
  headingOf,
  socialImageBackground,
  socialImagePath,
  socialImageSize,
  socialImageWords,
  socialImageWordsBand,
  textOf,
  wrapText,
} from '../../src/lib/publishing/social-image.ts';
import { breadcrumbJsonLd, jsonLdText, organizationJsonLd, serviceJsonLd, softwareApplicationJsonLd } from '../../src/lib/publishing/structured-data.ts';
import { site } from '../../src/site.config.ts';

describe('social images', () => {
  it('have one address per page', () => {
    expect(socialImagePath('/')).toBe('/og/home.jpg');
    expect(socialImagePath('/Cyber/')).toBe('/og/Cyber.jpg');
    expect(socialImagePath('/404')).toBe('/og/404.jpg');
    expect(socialImagePath('/404.html')).toBe('/og/404.jpg');
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
    const background = socialImageBackground('Co & Co', brandColours(semanticColours()));
    const words = socialImageWords({ title: 'A <b> & "c"', subtitle: 'x' });
    expect(words).toContain('A &#60;b&#62; &#38; &#34;c&#34;');
    expect(background).toContain('Co &#38; Co');
    // The mark and the sky in the tokens' colours, with no colour of their own.
    const colours = brandColours(semanticColours());
    for (const colour of [colours.brand, colours.action, colours.brandDeep]) expect(background).toContain(colour);
    expect(background.match(/#[0-9a-f]{6}/gi)!.filter((hex) => !Object.values(colours).includes(hex.toLowerCase()))).toEqual([]);
    expect(background).toMatch(/^<svg[^>]+width="1200" height="630"/);
    expect(words).toMatch(new RegExp(`^<svg[^>]+width="1200" height="${socialImageWordsBand.height}" viewBox="0 ${socialImageWordsBand.top} 1200 ${socialImageWordsBand.height}"`));
  });

  it('draw the longest words a page can have inside the band that each page blends', async () => {
    // Three full lines of title and two of subtitle, with accents above and descenders below.
    const words = socialImageWords({ title: 'ÉÅÎ Wgjpqy ÉÅÎ Wgjpqy ÉÅ '.repeat(4), subtitle: 'Ågjpqy ÉÎ Wgjpqy Ågjpqy ÉÎ Wgjpqy Ågjpqy ÉÎ Wgjpqy '.repeat(3) });
    // The same words drawn over the whole picture: no pixel outside the band may be touched.
    const whole = words.replace(/height="\d+" viewBox="[^"]+"/, `height="${socialImageSize.height}" viewBox="0 0 ${socialImageSize.width} ${socialImageSize.height}"`);
    const { data, info } = await sharp(Buffer.from(whole)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const inkedRows = new Set<number>();
    for (let pixel = 0; pixel < info.width * info.height; pixel++) if (data[pixel * 4 + 3]! > 0) inkedRows.add(Math.floor(pixel / info.width));
    expect(inkedRows.size).toBeGreaterThan(0);
    const { top, height } = socialImageWordsBand;
    expect(Math.min(...inkedRows)).toBeGreaterThanOrEqual(top);
    expect(Math.max(...inkedRows)).toBeLessThan(top + height);
  });

  it('blend the words over the background from the band’s first row, by their opacity', () => {
    // A 2×3 background of mid grey; words of two pixels (one row) laid from row 1.
    const background = new Uint8Array(2 * 3 * 3).fill(100);
    const words = new Uint8Array([255, 255, 255, 0, 255, 255, 255, 255]);
    const picture = blendWordsOver(background, words, { width: 2, top: 1 });
    expect([...picture]).toEqual([...Array(6).fill(100), 100, 100, 100, 255, 255, 255, ...Array(6).fill(100)]);
    expect([...blendWordsOver(background, new Uint8Array([0, 0, 0, 51, 0, 0, 0, 0]), { width: 2, top: 0 })].slice(0, 3)).toEqual([80, 80, 80]);
    expect([...background]).toEqual(Array(18).fill(100));
  });
});

describe('CDN headers', () => {
  /** A policy as Astro writes it, with one page-specific style hash. */
  const policy = (style: string, script = 'sha256-S') => `default-src 'self';frame-ancestors 'none';script-src 'self' '${script}';style-src 'self' '${style}'`;

  it('allow forms to post only to the site itself, and no page in a frame', () => {
    expect(baseCspDirectives()).toContain("form-action 'self'");
    expect(baseCspDirectives()).toContain("frame-ancestors 'none'");
    // Fetches fall back to default-src 'self'.
    expect(baseCspDirectives().some((directive) => directive.startsWith('connect-src'))).toBe(false);
  });

  it('narrow Astro’s policy to the hashes of the page’s own inline scripts and styles', () => {
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const html = `<style>a{color:red}</style><script>go()</script><script type="module">load()</script>
      <script type="application/ld+json">{"@type":"Organization"}</script><script src="/_astro/x.js"></script>
      <script type="speculationrules">{"prerender":[]}</script>`;
    // Speculation rules are governed by script-src too; JSON-LD is data and needs no hash.
    expect(inlineHashesOf(html)).toEqual({ script: new Set([hash('go()'), hash('load()'), hash('{"prerender":[]}')]), style: new Set([hash('a{color:red}')]) });

    const astroPolicy = `default-src 'self';script-src 'self' ${hash('go()')} ${hash('load()')} ${hash('other()')};style-src 'self' ${hash('a{color:red}')} ${hash('b{}')}`;
    expect(narrowPolicy(astroPolicy, html)).toBe(`default-src 'self'; script-src 'self' ${hash('go()')} ${hash('load()')}; style-src 'self' ${hash('a{color:red}')}`);
  });

  it('join two policies directive by directive', () => {
    expect(mergePolicies(policy('sha256-A'), policy('sha256-B'))).toBe("default-src 'self'; frame-ancestors 'none'; script-src 'self' 'sha256-S'; style-src 'self' 'sha256-A' 'sha256-B'");
  });

  it('give every page its own policy, in a rule only where it differs from the commonest', () => {
    const pages = [
      { path: '/', policy: policy('sha256-HOME') },
      { path: '/Cyber/', policy: policy('sha256-SERVICE') },
      { path: '/SEO/', policy: policy('sha256-SERVICE') },
      { path: '/404.html', policy: policy('sha256-404') },
    ];
    const rules = parseHeaders(buildHeadersFile({ pages }));
    expect(rules.map((rule) => rule.path)).toEqual(['/*', '/_astro/*', ...siteFileRules.map((rule) => rule.path), '/', '/404.html']);

    // The service pages share the commonest policy; an unknown address (the CDN's 404 page) may also run the 404 page's style.
    expect(headersFor(rules, '/Cyber/')['Content-Security-Policy']).toBe(mergePolicies(policy('sha256-SERVICE'), policy('sha256-404')));
    expect(headersFor(rules, '/no-such-page/')['Content-Security-Policy']).toContain("'sha256-404'");
    // A page with its own rule has exactly its own policy: the shared one is detached, not joined.
    expect(headersFor(rules, '/')['Content-Security-Policy']).toBe(policy('sha256-HOME'));
    expect(headersFor(rules, '/404.html')['Content-Security-Policy']).toBe(policy('sha256-404'));

    const page = headersFor(rules, '/Cyber/');
    expect(page['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    expect(page['Strict-Transport-Security']).toMatch(/max-age=\d+/);
    expect(headersFor(rules, '/_astro/app.1a2b.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
  });

  it('stay within the CDN’s limits with 1,000 case studies, and name a limit when it is crossed', () => {
    // What a build with 1,000 case studies hands over: the case studies, the listing's 84 numbered
    // pages and its pages by service (another layout), and the rest of the site.
    const caseStudies = Array.from({ length: 1000 }, (_, index) => ({ path: `/OurProjects/project-${index}/`, policy: policy('sha256-CASE') }));
    const listing = [
      { path: '/OurProjects/', policy: policy('sha256-LIST') },
      ...Array.from({ length: 83 }, (_, index) => ({ path: `/OurProjects/${index + 2}/`, policy: policy('sha256-LIST') })),
      ...['Cyber', 'WebApp', 'SEO'].map((service) => ({ path: `/OurProjects/service/${service}/`, policy: policy('sha256-LIST') })),
    ];
    const services = ['Cyber', 'WebApp', 'SEO'].map((service) => ({ path: `/${service}/`, policy: policy('sha256-SERVICE') }));
    const others = Array.from({ length: 20 }, (_, index) => ({ path: `/page-${index}/`, policy: policy(`sha256-PAGE${index}`) }));
    const notFound = { path: '/404.html', policy: policy('sha256-404') };
    const text = buildHeadersFile({ pages: [...caseStudies, ...listing, ...services, ...others, notFound] });
    expect(checkHeadersFileLimits(text)).toEqual([]);
    const rules = parseHeaders(text);
    // /*, /_astro/*, the files asked for by name, /OurProjects/*, and one for each page unlike the services and unlike the section.
    expect(rules.length).toBe(3 + siteFileRules.length + others.length + 1);
    // The whole section shares one rule, with its own hashes and the 404 page's (its unknown addresses), none of the rest.
    for (const path of ['/OurProjects/', '/OurProjects/2/', '/OurProjects/project-999/', '/OurProjects/service/SEO/']) {
      const sectionPolicy = headersFor(rules, path)['Content-Security-Policy']!;
      for (const hash of ['CASE', 'LIST', '404']) expect(sectionPolicy, path).toContain(`'sha256-${hash}'`);
      expect(sectionPolicy, path).not.toContain("'sha256-SERVICE'");
    }
    expect(headersFor(rules, '/WebApp/')['Content-Security-Policy']).toBe(mergePolicies(policy('sha256-SERVICE'), policy('sha256-404')));

    const tooMany = buildHeadersFile({ pages: Array.from({ length: headersFileLimits.rules }, (_, index) => ({ path: `/p${index}/`, policy: policy(`sha256-${index}`) })) });
    expect(checkHeadersFileLimits(tooMany)).toEqual([expect.stringContaining(`Cloudflare Pages reads at most ${headersFileLimits.rules}`)]);
    const longLine = buildHeadersFile({ pages: [{ path: '/', policy: policy('sha256-' + 'x'.repeat(headersFileLimits.lineLength)) }] });
    expect(checkHeadersFileLimits(longLine)[0]).toMatch(/line \d+ is \d+ characters long/);
  });

  it('give the files asked for by name their type, and the icons a day of caching', () => {
    const rules = parseHeaders(buildHeadersFile({ pages: [{ path: '/', policy: policy('sha256-HOME') }] }));
    expect(headersFor(rules, siteFilePaths.favicon)).toMatchObject({ 'Content-Type': 'image/vnd.microsoft.icon', 'Cache-Control': iconCache });
    expect(headersFor(rules, siteFilePaths.manifest)).toMatchObject({ 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': iconCache });
    expect(headersFor(rules, manifestIconPath(512))['Cache-Control']).toBe(iconCache);
    expect(headersFor(rules, siteFilePaths.appleTouchIcon)['Cache-Control']).toBe(iconCache);
    // security.txt is revalidated like a page, so a changed contact is seen at once.
    expect(headersFor(rules, siteFilePaths.securityTxt)).toMatchObject({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': pageCache });
    // The rules name their files exactly: a page is not touched.
    expect(headersFor(rules, '/Cyber/')['Cache-Control']).toBe(pageCache);
  });

  it('read "! Name" as removing a header, and name the line they cannot read', () => {
    expect(parseHeaders('/a\n  X-One: 1\n/a/b\n  ! X-One\n')).toEqual([
      { path: '/a', headers: [['X-One', '1']] },
      { path: '/a/b', headers: [['X-One', null]] },
    ]);
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
