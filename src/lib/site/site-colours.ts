import tokens from '../../styles/tokens.scss?raw';
import { brandColours, semanticColoursIn } from './design-tokens.ts';

/** The brand's colours where CSS does not reach (the browser's bar, the web app manifest), from the tokens, worked out once per build. */
export const siteColours = brandColours(semanticColoursIn(tokens));
