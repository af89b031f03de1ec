/**
 * How every picture of a project is encoded, on its card and in its case study alike: the same
 * picture at the same widths is encoded once, and each width costs the build about as much as
 * everything else a case study does. `width` is the largest of `widths`, so that `src` reuses it
 * instead of an extra copy at the upload's full size. 800 px fills a phone at 2× and the case
 * study's column (34rem) at 1.5×.
 */
export const projectPicture = { widths: [400, 800], width: 800 };
