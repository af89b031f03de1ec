/** Where the form posts: the one address of the site that runs on demand. */
export const contactEndpointPath = '/api/contact';

/** Where a plain form post that arrived is sent on to (303). */
export const thankYouPagePath = '/MessageSent/';

/** The contact page, and the id of its form's heading, which a link can jump to. */
export const contactPagePath = '/Contact/';
export const contactFormAnchor = 'contact-form-title';

/** The query parameter that fills in the form's subject when the page opens (with JavaScript). */
export const subjectParameter = 'subject';

/** A link to the contact form about one thing (a product's demo): with JavaScript the subject is filled in. */
export function contactAbout(subject: string): string {
  return `${contactPagePath}?${new URLSearchParams({ [subjectParameter]: subject })}#${contactFormAnchor}`;
}
