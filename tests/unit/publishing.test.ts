import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { inlineHashesOf, withOwnHashesOnly } from '../../src/lib/publishing/page-policy.ts';
import { withIslandScriptsAsFiles } from '../../src/integrations/hydrate-on-intent/index.ts';
import { breadcrumbJsonLd, jsonLdText, organizationJsonLd } from '../../src/lib/publishing/structured-data.ts';
import { searchDescription, withSuffix } from '../../src/lib/publishing/search-description.ts';
import { validSite as site } from '../support/fixtures.ts';

describe('each page’s policy', () => {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  /** A page as Astro builds it: the policy with every hash of the build, at the end of <head>. */
  const page = `<html><head><meta charset="utf-8"><script>run()</script><script type="application/ld+json">{}</script><style>p{}</style><meta http-equiv="content-security-policy" content="default-src &#39;self&#39;; script-src &#39;self&#39; ${hash('run()')} ${hash('other()')}; style-src &#39;self&#39; ${hash('p{}')} ${hash('q{}')}"></head><body><script src="/x.js"></script></body></html>`.replaceAll("'sha", '&#39;sha').replaceAll("=' ", '=&#39; ').replaceAll("='\"", '=&#39;"').replaceAll("=';", '=&#39;;');

  it('lists the hashes of the page’s own inline scripts and styles, and no others, first in <head>, right after the character set, so that it covers the inline script after it', () => {
    expect(inlineHashesOf(page)).toEqual(new Set([hash('run()'), hash('p{}')]));
    const narrowed = withOwnHashesOnly(page)!;
    const policy = /content="([^"]*)"/.exec(narrowed.slice(narrowed.indexOf('http-equiv')))![1]!.replaceAll('&#39;', "'");
    expect(policy).toBe(`default-src 'self'; script-src 'self' ${hash('run()')}; style-src 'self' ${hash('p{}')}`);
    expect(narrowed.indexOf('http-equiv')).toBeLessThan(narrowed.indexOf('<script>'));
    expect(narrowed.match(/http-equiv/g)).toHaveLength(1);
    expect(narrowed.startsWith('<html><head><meta charset="utf-8"><meta http-equiv="content-security-policy"')).toBe(true);
  });

  it('is missing, and said so, on a page Astro gave none', () => {
    expect(withOwnHashesOnly('<html><head><meta charset="utf-8"></head></html>')).toBeNull();
  });

  it('stops the build, naming the page, where Astro no longer writes its island scripts as the step that makes them files expects', () => {
    expect(() => withIslandScriptsAsFiles('<body><astro-island client="intent"></astro-island></body>', '/Cyber/')).toThrow(/^\/Cyber\/: Astro's island scripts are not written as src\/integrations\/hydrate-on-intent expects/);
  });
});

describe('structured data', () => {
  it('describes the company from the site config', () => {
    expect(organizationJsonLd(site) as unknown).toMatchObject({
      '@type': 'Organization',
      name: 'Example Co',
      foundingDate: '2017',
      email: 'hello@example.com',
      sameAs: ['https://www.example.com/in', 'https://www.example.com/fb'],
      address: { '@type': 'PostalAddress', addressLocality: 'Sydney', addressRegion: 'NSW', addressCountry: 'AU' },
    });
  });

  it('numbers breadcrumb items from 1 with absolute URLs', () => {
    expect(breadcrumbJsonLd(site, [{ name: 'Home', path: '/' }, { name: 'Security reviews', path: '/Security/' }])).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://www.example.com/' },
        { position: 2, name: 'Security reviews', item: 'https://www.example.com/Security/' },
      ],
    });
  });

  it('cannot close its script element early', () => {
    const text = jsonLdText(breadcrumbJsonLd(site, [{ name: '</script><script>alert(1)</script>', path: '/x/' }]));
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).itemListElement[0].name).toBe('</script><script>alert(1)</script>');
  });
});

describe('search descriptions', () => {
  const long = 'Moved a bakery’s two shops and its market stall onto one till system, with orders taken online and a screen for the ovens showing what to bake next. Queues at the Saturday market fell from 20 minutes to 5.';

  it('keep whole sentences within 160 characters, or cut a first sentence that is too long at a word, with an ellipsis', () => {
    expect(searchDescription('Short and sweet.')).toBe('Short and sweet.');
    expect(searchDescription(long)).toBe('Moved a bakery’s two shops and its market stall onto one till system, with orders taken online and a screen for the ovens showing what to bake next.');
    const cut = searchDescription(`${'word '.repeat(60)}end.`);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/word…$/);
  });

  it('make room for a suffix by cutting the text, never the suffix', () => {
    expect(withSuffix('Our projects.', ' (page 2 of 5)')).toBe('Our projects. (page 2 of 5)');
    const described = withSuffix(long, ' (page 2 of 5)');
    expect(described.length).toBeLessThanOrEqual(160);
    expect(described).toMatch(/… \(page 2 of 5\)$/);
  });
});
