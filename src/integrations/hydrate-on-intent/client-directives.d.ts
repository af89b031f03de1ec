// Tells TypeScript about the site's own client directive, registered in astro.config.mjs.
declare global {
  namespace Astro {
    interface ClientDirectives {
      /** Hydrate when the visitor reaches for the island (hover, touch or focus): see hydrate-on-intent.ts. */
      'client:intent'?: boolean;
    }
  }
}

export {};
