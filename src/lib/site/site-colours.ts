import tokens from '../../styles/tokens.scss?raw';
import { brandColours, semanticColoursIn } from './design-tokens.ts';

/** The browser's own bar in the header's navy (`<meta name="theme-color">`), from the tokens, worked out once per build. */
export const themeColour = brandColours(semanticColoursIn(tokens)).brand;
