import type { ProblemLog } from '../log.ts';
import type { ContactOutcome } from './request.ts';

/**
 * What the contact endpoint (src/pages/api/contact.ts, the same code on Node and on Workers) needs
 * from the runtime it runs in, handed to it as `locals.contact`: server/main.ts makes it on Node,
 * server/cloudflare/contact.ts on a Worker.
 */
export interface ContactEndpoint {
  /** Decides one post: stored (and handed on to be mailed) before this resolves when accepted. */
  receive(request: Request, visitor: { clientAddress: string; origin?: string }): Promise<ContactOutcome>;
  /** A prerendered page of the site with the headers it is published with (its own CSP): the problem page. */
  staticPage(path: string): Promise<Response>;
  /** Where problems visitors can cause are written, a few lines a minute at most. */
  log: ProblemLog;
}
