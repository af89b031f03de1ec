import { defineMiddleware } from 'astro:middleware';
import type { ContactService } from '../server/contact/service.ts';

let devContactService: Promise<ContactService> | undefined;

/**
 * Under `npm run dev` there is no server/main.ts to create the contact service, so the first
 * on-demand request creates one. The production build drops this branch (import.meta.env.DEV).
 */
async function contactServiceForDev(): Promise<ContactService> {
  devContactService ??= Promise.all([import('../server/contact/service.ts'), import('./site.config.ts')]).then(([{ createContactService }, { site }]) =>
    createContactService({ recipient: site.email, siteHost: new URL(site.url).host }),
  );
  return devContactService;
}

/**
 * Responses rendered on demand (the contact endpoint and its problem page) get Astro's CSP as a
 * header; this adds frame-ancestors, which only a header can carry, as _headers does for the rest.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  if (import.meta.env.DEV) context.locals.contact ??= await contactServiceForDev();
  const response = await next();
  const policy = response.headers.get('Content-Security-Policy');
  response.headers.set('Content-Security-Policy', policy ? `${policy.replace(/;\s*$/, '')}; frame-ancestors 'none'` : "frame-ancestors 'none'");
  return response;
});
