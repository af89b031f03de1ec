/**
 * How every picture of a project is encoded, on its card and in its case study alike, so that each
 * width is encoded once; `width` is the largest of `widths`, so that `src` reuses it rather than a
 * copy at the upload's full size. 800 px fills a phone at 2× and the case study's column at 1.5×.
 */
export const projectPicture = { widths: [400, 800], width: 800 };
