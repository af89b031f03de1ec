import { articleRoute, insightsByServiceRoute, insightsOnServicePage, insightsRoute, routeOf } from '../content/routes.ts';
import { searchDescription } from '../publishing/search-description.ts';
import { blogPostingJsonLd } from '../publishing/structured-data.ts';
import { listingsOf } from './listings.ts';
import { aboutService, pageText, pageWithSections, personOf, resolve, sharedSections, type Insight, type Service, type SiteContent } from './content.ts';
import { pageFrame } from './frame.ts';

// The Insights pages: the articles newest first, each article, the articles about each service,
// and what a service's page shows of them. Only published articles reach these functions in a
// build (build-content.ts); in development, drafts and future ones do too, marked as such.

/** The calendar day (2026-11-25) a moment falls on in a time zone. */
export function dayIn(moment: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

/** The calendar day an article's date names: the date picker and YAML both give midnight UTC of that day. */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Why an article is not on the published site at `now`: a draft, or its day has not come in the company's time zone; null when it is. */
export function unpublishedBecause(article: Pick<Insight, 'data'>, now: Date, timeZone: string): 'draft' | 'scheduled' | null {
  if (article.data.draft) return 'draft';
  return dayOf(article.data.publishDate) > dayIn(now, timeZone) ? 'scheduled' : null;
}

/** A date as the page shows it ("25 November 2026"), with the value of its `<time datetime>`. */
function dateText(date: Date) {
  return { iso: dayOf(date), text: new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date) };
}

/** Minutes to read an article's text at a steady 220 words a minute, at least one: tags, addresses and Markdown marks are not words. */
export function readingMinutes(body = ''): number {
  const text = body
    .replace(/^---[\s\S]*?---/, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/<[^>]*>/g, ' ');
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  return Math.max(1, Math.round(words / 220));
}

/** An article's card, wherever it is listed. */
export function insightCard(content: SiteContent, article: Insight) {
  const { title, summary, publishDate, author, cover } = article.data;
  return { id: article.id, title, summary, picture: cover, href: articleRoute(article), published: dateText(publishDate), author: resolve(content.team, author).data.name, readingMinutes: readingMinutes(article.body) };
}

export type InsightCard = ReturnType<typeof insightCard>;

/** What a service's page shows of its articles: the latest (one row), and the link to all of them; null when it has none. */
export function latestInsights(content: SiteContent, service: Service): { words: { eyebrow: string; title: string }; cards: InsightCard[]; all: { href: string; text: string } } | null {
  const articles = aboutService(content.insights, service);
  if (!articles.length) return null;
  const { byService } = sharedSections(content, 'insights', service.data.title);
  // Above the heading, the Insights page's own name: "By service" labels the links on that page.
  return { words: { eyebrow: pageText(content, 'insights').title, title: byService.title }, cards: articles.slice(0, insightsOnServicePage).map((article) => insightCard(content, article)), all: { href: insightsByServiceRoute(service), text: byService.link } };
}

/** The Insights page, every article's card newest first, and the articles about each service, /Insights/service/<service>/. */
export function insightListings(content: SiteContent) {
  const items = (service?: Service) => (service ? aboutService(content.insights, service) : content.insights).map((article) => insightCard(content, article));
  return listingsOf(content, 'insights', { path: insightsRoute, byServiceRoute: insightsByServiceRoute, items, label: 'Articles', pagesLabel: 'Pages of articles' });
}

/** Other articles for a reader of `article`: those sharing more of its services first, then the newest. */
export function relatedInsights<Image>(content: SiteContent<Image>, article: Insight<Image>, count = 3): Insight<Image>[] {
  const ownServices = new Set(article.data.services.map((reference) => reference.id));
  const shared = (other: Insight<Image>) => other.data.services.filter((reference) => ownServices.has(reference.id)).length;
  // content.insights is newest first, and the sort keeps that order among equals.
  return content.insights.filter((other) => other.id !== article.id).sort((a, b) => shared(b) - shared(a)).slice(0, count);
}

/** Each article's page: its byline, dates, cover, text (the file's body), the services it is about and the articles it leads to. */
export function articlePages<Image>(content: SiteContent<Image>) {
  const listing = pageWithSections(content, 'insights');
  return content.insights.map((article) => {
    const { title, summary, publishDate, updatedDate, cover } = article.data;
    const path = articleRoute(article);
    const member = resolve(content.team, article.data.author);
    const services = article.data.services.map((reference) => resolve(content.services, reference));
    const description = searchDescription(summary);
    const related = relatedInsights(content, article).map((other) => insightCard(content, other));
    const structuredData = blogPostingJsonLd(content.site, {
      headline: title,
      description,
      path,
      published: dayOf(publishDate),
      updated: updatedDate ? dayOf(updatedDate) : undefined,
      author: { name: member.data.name, role: member.data.role },
      about: services.map((service) => ({ name: service.data.title, path: routeOf(service) })),
    });
    return {
      // Its cover, else the drawing of the service it is first about.
      ...pageFrame(content, { path, title, subtitle: summary, description, parents: [{ name: listing.title, path: insightsRoute }], structuredData: [structuredData], search: 'Article', pictures: cover ? { items: [cover], layout: 'single', onPhones: true } : { items: services[0]?.data.picture ? [services[0].data.picture] : [], layout: 'single' } }),
      article,
      author: personOf(content, article.data.author),
      published: dateText(publishDate),
      updated: updatedDate ? dateText(updatedDate) : null,
      readingMinutes: readingMinutes(article.body),
      services: services.map((service) => ({ name: service.data.title, href: routeOf(service) })),
      related: related.length ? { ...listing.sections.related, cards: related } : null,
      listing: { name: `All ${listing.title.toLowerCase()}`, href: insightsRoute },
      /** In development only: why the published site does not show it yet. */
      unpublished: unpublishedBecause(article, content.builtAt, content.site.timeZone),
    };
  });
}

export type ArticlePage<Image = unknown> = ReturnType<typeof articlePages<Image>>[number];

/** How many articles the feed carries: the newest, as feed readers expect, so that it stays light however many there are. */
export const articlesInFeed = 20;

/** The feed of the articles (/Insights/rss.xml), the newest first, each with its absolute address; the endpoint adds each article's whole text. */
export function insightsFeed(content: SiteContent) {
  const { title, description } = pageText(content, 'insights');
  return {
    title: `${title}: ${content.site.companyName}`,
    description,
    items: content.insights.slice(0, articlesInFeed).map((article) => ({
      article,
      title: article.data.title,
      description: article.data.summary,
      link: new URL(articleRoute(article), content.site.url).href,
      pubDate: article.data.publishDate,
      author: `${content.site.email} (${resolve(content.team, article.data.author).data.name})`,
      categories: article.data.services.map((reference) => resolve(content.services, reference).data.title),
    })),
  };
}
