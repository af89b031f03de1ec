/**
 * The picture link previews (LinkedIn, Slack, iMessage…) show for every page, above the page's own
 * title and description, which they print themselves: the brand and its line, public/social.jpg.
 */
export const socialImage = { path: '/social.jpg', width: 1200, height: 630 } as const;
