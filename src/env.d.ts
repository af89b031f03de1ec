declare namespace App {
  interface Locals {
    /** What the contact endpoint needs from the runtime: made by server/main.ts on Node, server/cloudflare/contact.ts on a Worker (src/middleware.ts asks for it). */
    contact?: import('../server/contact/endpoint.ts').ContactEndpoint;
    /** The visitor's address, worked out by server/main.ts with TRUST_PROXY in mind; Astro's clientAddress under `npm run dev`. */
    visitorAddress?: string;
    /** The origin the visitor's browser used (behind a trusted proxy, the proxy says its scheme), worked out by server/main.ts; the request's own under `npm run dev`. */
    publicOrigin?: string;
  }
}
