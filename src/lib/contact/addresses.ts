// The contact form's addresses, the same on Node and on Workers: the form posts beside the pages.

/** Where the form posts: the one address of the site that runs on demand. */
export const contactEndpointPath = '/api/contact';

/** Where a plain form post that arrived is sent on to (303). */
export const thankYouPagePath = '/MessageSent/';

/** The contact page, and the id of its form's heading, which a link can jump to. */
export const contactPagePath = '/Contact/';
export const contactFormAnchor = 'contact-form-title';

/** The query parameter that fills in the form's subject when the page opens (with JavaScript). */
export const subjectParameter = 'subject';

/**
 * A link that opens the contact form about one thing, such as a demo of a product: with
 * JavaScript the subject is filled in; without it, the same address is the plain contact page.
 */
export function contactAbout(subject: string): string {
  return `${contactPagePath}?${new URLSearchParams({ [subjectParameter]: subject })}#${contactFormAnchor}`;
}
