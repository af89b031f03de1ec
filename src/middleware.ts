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

/** Under `npm run dev`, on-demand routes get the contact service that server/main.ts gives them in production. */
export const onRequest = defineMiddleware(async (context, next) => {
  if (!context.isPrerendered && import.meta.env.DEV) context.locals.contact ??= await contactServiceForDev();
  return next();
});
