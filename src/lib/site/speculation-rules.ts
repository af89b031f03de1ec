/**
 * Which links the browser may prerender as a visitor points at them, so the next page is there at
 * the click: same-site pages, never the contact endpoint nor the form's outcome pages. Served as
 * a file of their own (src/pages/speculation-rules.json.ts), named by every answer's
 * Speculation-Rules header (public/_headers), rather than copied into each page.
 */
export const speculationRules = {
  prerender: [{ where: { and: [{ href_matches: '/*' }, { not: { href_matches: ['/api/*', '/MessageSent/*', '/MessageNotSent/*'] } }] }, eagerness: 'moderate' }],
};
