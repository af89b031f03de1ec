import { expect, it } from 'vitest';
import { picturesShown, repeatedPicturesWarning } from '../../src/lib/content/repeated-pictures.ts';
import type { SiteContent } from '../../src/lib/pages/content.ts';

// A picture shown twice is a warning in the build's log, never a failure (src/lib/pages/build-content.ts):
// an editor who copies a client's file shares its logo until they upload a new one.
const client = (id: string, logo: string) => ({ id, filePath: `src/content/clients/${id}.md`, data: { logo: { src: logo, alt: id } } });
const project = (id: string, image: string, gallery: string[]) => ({ id, filePath: `src/content/projects/${id}.md`, data: { image: { src: image, alt: id }, gallery: gallery.map((src) => ({ src, alt: id })) } });
const shown = (clients: unknown[], projects: unknown[]) => picturesShown({ clients, projects, products: [] } as unknown as SiteContent<string>, (image) => image);

it('names the files that show a picture twice, once each', () => {
  const twice = shown([client('acme', '/_astro/logo.A1.svg'), client('acme-copy', '/_astro/logo.A1.svg')], [project('dashboard', '/_astro/src.B2.svg', ['/_astro/src.B2.svg'])]);
  expect(repeatedPicturesWarning(twice)).toBe(
    [
      'Some pictures look cloned:',
      '  - src/content/projects/dashboard.md show the same picture twice: give each its own.',
      '  - src/content/clients/acme.md and src/content/clients/acme-copy.md show the same picture twice: give each its own.',
    ].join('\n'),
  );
});

it('gives no warning when every picture is its own', () => {
  const once = shown([client('acme', '/_astro/logo.A1.svg')], [project('dashboard', '/_astro/src.B2.svg', ['/_astro/src.C3.svg'])]);
  expect(once).toHaveLength(3);
  expect(repeatedPicturesWarning(once)).toBeNull();
});
