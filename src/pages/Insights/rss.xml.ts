import rss from '@astrojs/rss';
import { getContainerRenderer } from '@astrojs/mdx/container-renderer';
import type { APIRoute } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { render } from 'astro:content';
import { articleComponents } from '../../components/insights/article-components.ts';
import { getSiteContent } from '../../lib/pages/build-content.ts';
import { insightsFeed } from '../../lib/pages/insights.ts';
import { withAbsoluteAddresses } from '../../lib/publishing/absolute-addresses.ts';

/**
 * The full-content feed, /Insights/rss.xml: every published article whole, as HTML, its links and
 * pictures absolute. Astro's container renders each article as its page does, with the same components.
 */
export const GET: APIRoute = async () => {
  const content = await getSiteContent();
  const feed = insightsFeed(content);
  const container = await AstroContainer.create({ renderers: await loadRenderers([getContainerRenderer()]) });
  const items = await Promise.all(
    feed.items.map(async ({ article, ...item }) => {
      const { Content } = await render(article as Parameters<typeof render>[0]);
      const html = await container.renderToString(Content, { props: { components: articleComponents } });
      return { ...item, content: withAbsoluteAddresses(html, item.link) };
    }),
  );
  return rss({ title: feed.title, description: feed.description, site: content.site.url, items, customData: '<language>en-AU</language>' });
};
