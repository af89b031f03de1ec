import { escapeHtml } from '../publishing/escape-html.ts';
import { contactFieldLabels, type ContactErrors, type ContactField } from './schema.ts';

/** The prerendered problem page (src/pages/MessageNotSent.astro), which the endpoint fills in. */
export const problemPagePath = '/MessageNotSent/';

/** Where the problem page says what was wrong: the endpoint puts the list there. */
export const problemsMarker = '<!--contact-problems-->';

/** The problem page with what was wrong with one post, in our words only (never the visitor's), escaped, and no script or style: its own policy still covers it. */
export function withProblems(page: string, problem: { message?: string; errors?: ContactErrors }): string {
  const errors = Object.entries(problem.errors ?? {}) as [ContactField, string][];
  const parts = [
    problem.message ? `<p>${escapeHtml(problem.message)}</p>` : '',
    errors.length > 0 ? `<ul>${errors.map(([field, message]) => `<li><strong>${escapeHtml(contactFieldLabels[field] ?? field)}:</strong> ${escapeHtml(message)}</li>`).join('')}</ul>` : '',
  ];
  return page.replace(problemsMarker, parts.join(''));
}
