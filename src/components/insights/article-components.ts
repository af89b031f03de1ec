import Callout from './Callout.astro';
import Figure from './Figure.astro';

/** The components an article's MDX may use, by the names the browser editor writes (src/lib/editing/editor-config.tsx). */
export const articleComponents = { Callout, Figure };
