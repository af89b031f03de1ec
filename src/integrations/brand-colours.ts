import { readFile } from 'node:fs/promises';
import { brandColours, semanticColoursIn, type BrandColours } from '../lib/site/design-tokens.ts';

/** The brand's colours (src/lib/site/design-tokens.ts) from the project's src/styles/tokens.scss, for what the build writes outside CSS. */
export async function brandColoursOfProject(root: URL): Promise<BrandColours> {
  return brandColours(semanticColoursIn(await readFile(new URL('src/styles/tokens.scss', root), 'utf8')));
}
