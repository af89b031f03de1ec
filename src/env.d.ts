// The client directive of the project's own (src/integrations/hydrate-on-intent), for type checks.
declare namespace Astro {
  interface ClientDirectives {
    'client:intent'?: boolean;
  }
}
