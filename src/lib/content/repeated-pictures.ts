import { fileOf, type SiteContent } from '../pages/content.ts';

// A picture shown in two places looks cloned (a copied client still showing the original's logo):
// the build warns of each, and still publishes, since an editor may reuse a picture for a while.

/** Every picture the content shows, by what identifies its file (`pictureOf`), with the content file that shows it. */
export function picturesShown<Image>(content: SiteContent<Image>, pictureOf: (image: Image) => string): { picture: string; shownBy: string }[] {
  const shown = (shownBy: string, images: Image[]) => images.map((image) => ({ picture: pictureOf(image), shownBy }));
  return [
    ...content.projects.flatMap((project) => shown(fileOf('projects', project), [project.data.image.src, ...project.data.gallery.map((picture) => picture.src)])),
    ...content.products.flatMap((product) => shown(fileOf('products', product), [...product.data.features, ...product.data.audiences].flatMap((item) => (item.picture ? [item.picture.src] : [])))),
    ...content.clients.flatMap((client) => shown(fileOf('clients', client), [client.data.logo.src])),
  ];
}

/** The warning for every picture shown twice, naming the files that show it, or null when each is shown once. */
export function repeatedPicturesWarning(pictures: { picture: string; shownBy: string }[]): string | null {
  const firstShownBy = new Map<string, string>();
  const found: string[] = [];
  for (const { picture, shownBy } of pictures) {
    const first = firstShownBy.get(picture);
    if (first === undefined) firstShownBy.set(picture, shownBy);
    else found.push(`${first === shownBy ? shownBy : `${first} and ${shownBy}`} show the same picture twice: give each its own.`);
  }
  return found.length === 0 ? null : ['Some pictures look cloned:', ...found.map((line) => `  - ${line}`)].join('\n');
}
