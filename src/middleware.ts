import { defineMiddleware } from 'astro:middleware';
import type { ContactService } from '../server/contact/service.ts';

let devContactService: Promise<ContactService> | undefined;

/**
 * Under `npm run dev` there is no server/main.ts to create the contact service, so the first
 * on-demand request creates one. The production build drops this branch (import.meta.env.DEV).
 */
async function contactServiceForDev(): Promise<ContactService> {
  devContactService ??= Promise.all([import('../server/contact/service.ts'), import('./site.config.ts')]).then(([{ createContactService }, { site }]) =>
    createContactService({ recipient: site.email, siteUrl: site.url }),
  );
  return devContactService;
}

/**
 * Under `npm run dev` (and `npm run edit`), on-demand routes get the contact service that
 * server/main.ts gives them in production, and no page gets a Content-Security-Policy: Astro sends
 * one without hashes in dev, which would block the styles and scripts that Vite and the browser
 * editor inject. The policy is built, enforced and tested on the built site.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (!import.meta.env.DEV) return next();
  if (!context.isPrerendered) context.locals.contact ??= await contactServiceForDev();
  const response = await next();
  if (!response.headers.has('Content-Security-Policy')) return response;
  // A redirect made with Response.redirect() has immutable headers; copy it to drop the policy.
  const headers = new Headers(response.headers);
  headers.delete('Content-Security-Policy');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
});
