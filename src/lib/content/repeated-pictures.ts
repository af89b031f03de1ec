import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { SiteContent } from '../pages/content.ts';
import { fileOf } from '../pages/content.ts';

// A picture that shows up in two places looks cloned: the same screenshot for two projects, or two
// project drawings with the same figures. The build names each case as a warning, in plain words;
// it still publishes, since an editor may well reuse a picture for a while.

/** A picture of the content: the file it is in (src/assets/…) and the content file that shows it. */
export interface ContentPicture {
  file: string;
  shownBy: string;
  /** Pictures of one project may repeat its own figures (the main picture and its gallery). */
  project?: string;
}

/** Every picture the content shows, with the content file that shows it; paths from the project's root. */
export function picturesOf(content: SiteContent<string>, root: string): ContentPicture[] {
  const at = (contentFile: string, src: string) => relative(root, resolve(root, dirname(contentFile), src));
  return [
    ...content.projects.flatMap((project) => [project.data.image, ...project.data.gallery].map((picture) => ({ file: at(fileOf('projects', project), picture.src), shownBy: fileOf('projects', project), project: project.id }))),
    ...content.products.flatMap((product) =>
      [...product.data.features, ...product.data.audiences].flatMap((item) => (item.picture ? [{ file: at(fileOf('products', product), item.picture.src), shownBy: fileOf('products', product) }] : [])),
    ),
    ...content.clients.map((client) => ({ file: at(fileOf('clients', client), client.data.logo.src), shownBy: fileOf('clients', client) })),
  ];
}

/** The figures an SVG drawing writes out (its <text> with a digit in it), such as a dashboard's "92%". */
export function figuresDrawnIn(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map(([, words]) => words!.trim()).filter((words) => /\d/.test(words));
}

/** Each picture shown twice, and each pair of projects whose drawings show the same figures, as a sentence naming the files. */
export function repeatedPictures(pictures: ContentPicture[], root: string): string[] {
  const found: string[] = [];
  const byDigest = new Map<string, ContentPicture>();
  const drawn: { picture: ContentPicture; figures: Set<string> }[] = [];
  for (const picture of pictures) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(root, picture.file));
    } catch {
      continue; // A missing file is the build's own error, named there.
    }
    const digest = createHash('sha256').update(bytes).digest('hex');
    const first = byDigest.get(digest);
    if (first) {
      found.push(`${first.shownBy} and ${picture.shownBy} show the same picture (${picture.file}): give each its own.`);
      continue;
    }
    byDigest.set(digest, picture);
    if (!picture.project || !picture.file.endsWith('.svg')) continue;
    const figures = new Set(figuresDrawnIn(bytes.toString('utf8')));
    for (const other of drawn) {
      if (other.picture.project === picture.project) continue;
      const shared = [...figures].filter((figure) => other.figures.has(figure));
      if (shared.length > 0) found.push(`The pictures of ${other.picture.shownBy} and ${picture.shownBy} both show ${shared.map((figure) => `"${figure}"`).join(', ')}: each project’s pictures should show its own figures.`);
    }
    drawn.push({ picture, figures });
  }
  return found;
}

/** The warning a build prints, or null when every picture is shown once and each project's figures are its own. */
export function repeatedPicturesWarning(pictures: ContentPicture[], root: string): string | null {
  const found = repeatedPictures(pictures, root);
  return found.length === 0 ? null : ['Some pictures look cloned:', ...found.map((line) => `  - ${line}`)].join('\n');
}
