import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Registers `client:intent` (./directive.ts): hydrate an island when a visitor reaches for it. */
export function hydrateOnIntent(): AstroIntegration {
  return {
    name: 'hydrate-on-intent',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'intent', entrypoint: fileURLToPath(new URL('./directive.ts', import.meta.url)) });
      },
    },
  };
}
