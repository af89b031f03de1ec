import { defineMiddleware } from 'astro:middleware';
import { contactForRequest } from '#contact-runtime';

/**
 * On-demand routes (the contact endpoint) get what the contact form needs from the runtime they run
 * in: server/main.ts hands it in on Node; on a Worker, and under `npm run dev`, it is asked for here
 * (`#contact-runtime`, chosen by package.json "imports": server/cloudflare/runtime.ts under workerd,
 * server/contact/runtime.ts otherwise).
 *
 * Under `npm run dev` (and `npm run edit`) no page gets a Content-Security-Policy: Astro sends one
 * without hashes in dev, which would block the styles and scripts that Vite and the browser editor
 * inject. The policy is built, enforced and tested on the built site.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (!context.isPrerendered) context.locals.contact ??= await contactForRequest(context);
  if (!import.meta.env.DEV) return next();
  const response = await next();
  if (!response.headers.has('Content-Security-Policy')) return response;
  // A redirect made with Response.redirect() has immutable headers; copy it to drop the policy.
  const headers = new Headers(response.headers);
  headers.delete('Content-Security-Policy');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
});
