// The contact form's addresses, the same on Node and on Workers: the form posts beside the pages.

/** Where the form posts: the one address of the site that runs on demand. */
export const contactEndpointPath = '/api/contact';

/** Where a plain form post that arrived is sent on to (303). */
export const thankYouPagePath = '/MessageSent/';
