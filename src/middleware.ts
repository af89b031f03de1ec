import { defineMiddleware } from 'astro:middleware';

/**
 * Responses rendered on demand (the contact endpoint and its problem page) get Astro's CSP as a
 * header; this adds frame-ancestors, which only a header can carry, as _headers does for the rest.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  const policy = response.headers.get('Content-Security-Policy');
  response.headers.set('Content-Security-Policy', policy ? `${policy.replace(/;\s*$/, '')}; frame-ancestors 'none'` : "frame-ancestors 'none'");
  return response;
});
