import { sha256Hash } from '../publishing/page-policy.ts';

/**
 * Which links the browser may prerender when a visitor points at them (`moderate`: on hover or
 * pointer-down), so the next page is there at the click. Same-site pages only: `/*` never matches a
 * `mailto:` or `tel:` link. Never the contact endpoint, nor the form's outcome pages, which must
 * only be seen after a real post. Browsers without speculation rules ignore the script.
 */
export const speculationRules = {
  prerender: [
    {
      where: { and: [{ href_matches: '/*' }, { not: { href_matches: ['/api/*', '/MessageSent/*', '/MessageNotSent/*'] } }] },
      eagerness: 'moderate',
    },
  ],
} as const;

/** The rules exactly as each page carries them in `<script type="speculationrules">`. */
export const speculationRulesText = JSON.stringify(speculationRules);

/** Their hash for the Content-Security-Policy (astro.config.mjs), which must allow this one inline script. */
export const speculationRulesHash = sha256Hash(speculationRulesText);
