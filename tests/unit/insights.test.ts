import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { dayIn, insightsFeed, readingMinutes, relatedInsights, unpublishedBecause } from '../../src/lib/pages/insights.ts';
import { validSite } from '../support/fixtures.ts';
import type { Insight, SiteContent } from '../../src/lib/pages/content.ts';
import { withAbsoluteAddresses } from '../../src/lib/publishing/absolute-addresses.ts';
import { insightSchema } from '../../src/lib/content/schemas.ts';

// The rules of the Insights pages as data. What the built pages show, which articles a build on a
// given day publishes, and that the feed is served at its address (not led to the page) are tested
// in the browser (tests/e2e/own-content.spec.ts, site.spec.ts).
const article = (id: string, publishDate: string, services: string[] = [], draft = false) =>
  ({ id, data: { title: `Article ${id}`, summary: 'What it says.', author: { id: 'ana' }, publishDate: new Date(publishDate), services: services.map((service) => ({ id: service })), draft } }) as unknown as Insight;

describe('publishing on a date, in Sydney', () => {
  it.each([
    // 25 November 2026 begins in Sydney (UTC+11 in summer) at 13:00 UTC on the 24th.
    ['2026-11-25', false, '2026-11-24T12:59:59Z', 'scheduled'],
    ['2026-11-25', false, '2026-11-24T13:00:00Z', null],
    // The scheduled build at 19:00 UTC (6 am in Sydney) publishes that day's articles, and not the next day's.
    ['2026-11-25', false, '2026-11-24T19:00:00Z', null],
    ['2026-11-26', false, '2026-11-24T19:00:00Z', 'scheduled'],
    // A draft never, whatever its date.
    ['2020-01-01', true, '2026-11-25T00:00:00Z', 'draft'],
  ])('is held back until its day begins in the company’s time zone, a draft for ever: an article of %s (draft: %s) at %s is held back as %s', (date, draft, now, because) => {
    expect(unpublishedBecause(article('a', date, [], draft), new Date(now), 'Australia/Sydney')).toBe(because);
  });

  it('knows Sydney is UTC+10 in winter, and reads the date as the editor’s date picker writes it and as YAML reads it, and names a wrong one', () => {
    expect(dayIn(new Date('2026-06-30T14:00:00Z'), 'Australia/Sydney')).toBe('2026-07-01');
    const schema = insightSchema({ image: z.string(), author: z.string(), service: z.string() }).shape.publishDate;
    expect([schema.parse('2026-11-25'), schema.parse(new Date('2026-11-25'))]).toEqual([new Date('2026-11-25T00:00:00Z'), new Date('2026-11-25T00:00:00Z')]);
    expect(schema.safeParse('the 25th').error?.issues[0]?.message).toBe('must be a date, such as 2026-11-25.');
  });
});

describe('an article’s reading time and related articles', () => {
  it('counts the words a reader reads, at 220 a minute, at least one minute', () => {
    const words = (count: number) => Array.from({ length: count }, () => 'word').join(' ');
    expect([readingMinutes(''), readingMinutes(words(1_100))]).toEqual([1, 5]);
    // Tags, addresses and pictures are not read.
    expect(readingMinutes(`${words(440)} <Callout title="Note">${words(220)}</Callout> [a link](https://www.example.com/a/long/address/with/many/words) ![alt](../../a/b/c/d.png)`)).toBe(3);
  });

  it('leads to the articles sharing most of its services first, then the newest', () => {
    const own = article('own', '2026-10-01', ['Security', 'Audits']);
    const insights = [article('newest', '2026-11-20'), article('both', '2026-01-01', ['Audits', 'Security']), own, article('one', '2026-03-01', ['Audits']), article('old', '2025-01-01')];
    expect(relatedInsights({ insights } as SiteContent, own).map((other) => other.id)).toEqual(['both', 'one', 'newest']);
  });
});

describe('the feed', () => {
  it('makes every address in an article absolute, so a feed reader can follow it', () => {
    expect(withAbsoluteAddresses('<a href="/Security/">a</a><a href="#step-1">b</a><img src="/_astro/a.svg" srcset="/_astro/a-640.webp 640w, /_astro/a-960.webp 960w"><a href="https://other.example/">c</a>', 'https://www.example.com/Insights/pos/')).toBe(
      '<a href="https://www.example.com/Security/">a</a><a href="https://www.example.com/Insights/pos/#step-1">b</a><img src="https://www.example.com/_astro/a.svg" srcset="https://www.example.com/_astro/a-640.webp 640w, https://www.example.com/_astro/a-960.webp 960w"><a href="https://other.example/">c</a>',
    );
  });

  it('carries the 20 newest articles, each at its absolute address, by its author', () => {
    const insights = Array.from({ length: 25 }, (_, index) => article(`a${index}`, `2026-01-${String(25 - index).padStart(2, '0')}`, ['Security']));
    const feed = insightsFeed({
      pages: [{ id: 'insights', data: { title: 'Insights', subtitle: 'What we learned.', description: 'Articles by the team, on the work we do for Australian businesses.' } }],
      team: [{ id: 'ana', data: { name: 'Ana Lee' } }],
      services: [{ id: 'Security', data: { title: 'Security reviews' } }],
      projects: [], products: [], clients: [],
      insights,
      site: validSite,
      builtAt: new Date('2026-02-01'),
    } as unknown as SiteContent);
    expect(feed.items.map((item) => item.link)).toEqual(Array.from({ length: 20 }, (_, index) => `https://www.example.com/Insights/a${index}/`));
    expect(feed.items[0]).toMatchObject({ title: 'Article a0', author: 'hello@example.com (Ana Lee)', categories: ['Security reviews'] });
  });
});
