declare namespace App {
  interface Locals {
    /** The contact form's backend: created by server/main.ts (or, under `npm run dev`, by src/middleware.ts). */
    contact?: import('../server/contact/service.ts').ContactService;
    /** The visitor's address, worked out by server/main.ts with TRUST_PROXY in mind; Astro's clientAddress under `npm run dev`. */
    visitorAddress?: string;
    /** The origin the visitor's browser used (behind a trusted proxy, the proxy says its scheme), worked out by server/main.ts; the request's own under `npm run dev`. */
    publicOrigin?: string;
    /** Set by the contact endpoint when a plain form post fails, for the page that explains why. */
    contactProblem?: { message?: string; errors?: Partial<Record<string, string>> };
  }
}
