import { env } from 'cloudflare:workers';
import type { ContactEndpoint } from '../contact/endpoint.ts';
import type { WorkerContext } from './runtime-types.ts';
import { workerContactEndpoint } from './contact.ts';

/** The contact endpoint's runtime on a Worker (package.json "imports", the `workerd` condition): see src/middleware.ts. */
export function contactForRequest({ locals, url }: { locals: App.Locals; url: URL }): ContactEndpoint {
  return workerContactEndpoint(env, (locals as { cfContext: WorkerContext }).cfContext, url.href);
}
