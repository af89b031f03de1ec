import type { ContactEndpoint } from './endpoint.ts';

let devEndpoint: Promise<ContactEndpoint> | undefined;

/**
 * The contact endpoint's runtime on Node (package.json "imports", the default condition): see
 * src/middleware.ts. server/main.ts hands the endpoint in with every request, so this is reached
 * only under `npm run dev`, where the first on-demand request starts a contact service of its own.
 */
export function contactForRequest({ url }: { locals: App.Locals; url: URL }): Promise<ContactEndpoint> {
  devEndpoint ??= Promise.all([import('./service.ts'), import('./request.ts'), import('../../src/site.config.ts')]).then(async ([{ createContactService }, { processContactRequest }, { site }]) => {
    const contact = await createContactService({ recipient: site.email, siteUrl: site.url });
    return {
      receive: (request, visitor) => processContactRequest(request, { intake: contact.intake, ...visitor }),
      // The dev server renders the problem page itself.
      staticPage: (path) => fetch(new URL(path, url)),
      log: contact.log,
    };
  });
  return devEndpoint;
}
