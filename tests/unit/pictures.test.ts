import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectionFolders } from '../../src/lib/content/schemas.ts';
import { semanticColours } from '../support/design-tokens.ts';
import { content, projectRoot } from '../support/site-content.ts';

// The pictures the content shows: each belongs to one place, no drawing or figure is shared by two
// projects, and the drawings made in the design's colours keep to them in both schemes.

type Picture = { owner: string; file: string };

/** A content file's picture path (`../../assets/…`) as a path from the project's root. */
const fromContentFile = (folder: string, src: string) => relative(projectRoot, resolve(projectRoot, 'src/content', folder, src));

const projectPictures: Picture[] = content.projects.flatMap((project) =>
  [project.data.image, ...project.data.gallery].map((picture) => ({ owner: `project ${project.id}`, file: fromContentFile(collectionFolders.projects, picture.src) })),
);
const productPictures: Picture[] = content.products.flatMap((product) =>
  [...product.data.features, ...product.data.audiences].flatMap((item) => (item.picture ? [{ owner: `product ${product.id}`, file: fromContentFile(collectionFolders.products, item.picture.src) }] : [])),
);
const clientLogos: Picture[] = content.clients.map((client) => ({ owner: `client ${client.id}`, file: fromContentFile(collectionFolders.clients, client.data.logo.src) }));
const everyPicture = [...projectPictures, ...productPictures, ...clientLogos];

/** The words an SVG drawing writes out (its <text>), such as a dashboard's figures. */
const wordsDrawnIn = (file: string) => [...readFileSync(join(projectRoot, file), 'utf8').matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map(([, words]) => words!.trim());

describe('the pictures in the content', () => {
  it('are each shown in one place: no file, and no copy of one, serves twice', () => {
    expect(productPictures.length).toBeGreaterThan(0);
    const seen = new Map<string, string>();
    for (const picture of everyPicture) {
      const digest = createHash('sha256').update(readFileSync(join(projectRoot, picture.file))).digest('hex');
      expect(seen.get(digest), `${picture.file} (${picture.owner}) is the same picture as ${seen.get(digest)}`).toBeUndefined();
      seen.set(digest, `${picture.file} (${picture.owner})`);
    }
  });

  it('belong to their project: no two projects’ drawings show the same words or figures', () => {
    const owners = new Map<string, string>();
    for (const picture of projectPictures.filter((candidate) => candidate.file.endsWith('.svg'))) {
      for (const words of new Set(wordsDrawnIn(picture.file))) {
        const owner = owners.get(words);
        expect(owner === undefined || owner === picture.owner, `"${words}" is drawn in the pictures of ${owner} and ${picture.owner}`).toBe(true);
        owners.set(words, picture.owner);
      }
    }
  });

  it('drawn in the design’s colours keep to the tokens of src/styles/tokens.scss, light and dark', () => {
    const tokens = semanticColours();
    const drawings = (readdirSync(join(projectRoot, 'src/assets'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.svg'))
      .map((file) => join('src/assets', file))
      .filter((file) => readFileSync(join(projectRoot, file), 'utf8').includes('--color-'));
    expect(drawings.length).toBeGreaterThanOrEqual(productPictures.length);
    for (const file of drawings) {
      const svg = readFileSync(join(projectRoot, file), 'utf8');
      const [light, dark] = [/<style>svg\{([^}]+)\}/, /prefers-color-scheme:dark\)\{svg\{([^}]+)\}/].map((pattern) => pattern.exec(svg)?.[1] ?? '');
      for (const [scheme, block] of [['light', light], ['dark', dark]] as const) {
        const declared = [...block!.matchAll(/--(color-[\w-]+):(#[0-9a-f]{6})/g)];
        expect(declared.length, `${file} declares its ${scheme} colours`).toBeGreaterThan(0);
        for (const [, name, value] of declared) expect(value, `${file}: --${name} in the ${scheme}`).toBe(tokens.get(name!)?.[scheme]);
      }
      expect(dirname(file)).not.toBe('src/assets');
    }
  });
});
