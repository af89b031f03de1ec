import { sha256Hash } from '../publishing/page-policy.ts';

/**
 * Which links the browser may prerender as a visitor points at them, so the next page is there at
 * the click: same-site pages, never the contact endpoint nor the form's outcome pages. The rules
 * exactly as each page carries them in `<script type="speculationrules">`.
 */
export const speculationRulesText = JSON.stringify({
  prerender: [{ where: { and: [{ href_matches: '/*' }, { not: { href_matches: ['/api/*', '/MessageSent/*', '/MessageNotSent/*'] } }] }, eagerness: 'moderate' }],
});

/** Their hash for the Content-Security-Policy (astro.config.mjs). */
export const speculationRulesHash = sha256Hash(speculationRulesText);
