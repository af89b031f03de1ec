import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'astro/zod';
import yaml from 'js-yaml';
import { inSiteOrder, type Entry, type SiteContent } from '../pages/content.ts';
import { defineSiteConfig, type SiteConfig } from '../site/config.ts';
import { site as thisSite } from '../../site.config.ts';
import { formatValidationError, plainLanguageErrorMap } from './editor-errors.ts';
import { describeMissingPicture, findMissingPictures, withoutEmptyGroups } from './loader.ts';
import {
  clientSchema,
  collectionFolders,
  pageSchema,
  productSchema,
  productVariantSchema,
  projectSchema,
  serviceSchema,
  teamMemberSchema,
  valueSchema,
  type CollectionName,
} from './schemas.ts';

/** A reference as the build leaves it: the file name, and the collection it names. */
const reference = (collection: CollectionName) => z.string().transform((id) => ({ id, collection }));
const picturePath = z.string();

/**
 * Each collection's rules as the build applies them, with a picture kept as its path (the build
 * makes it Astro's image) and a reference as `{ id, collection }`, as the build leaves it.
 */
const schemas = {
  pages: pageSchema(),
  services: serviceSchema(),
  products: productSchema({ image: picturePath, variant: reference('productVariants') }),
  productVariants: productVariantSchema(),
  projects: projectSchema({ image: picturePath, service: reference('services') }),
  clients: clientSchema({ image: picturePath, project: reference('projects') }),
  team: teamMemberSchema({ image: picturePath }),
  values: valueSchema(),
} satisfies Record<CollectionName, z.ZodType>;

/**
 * The site config of the project at `root`: its company details (src/content/site/settings.json,
 * content like the rest), with this project's menu, which is part of the design.
 */
export function readSiteConfig(root: string): SiteConfig {
  const facts = JSON.parse(readFileSync(join(root, 'src/content/site/settings.json'), 'utf8')) as Record<string, unknown>;
  return defineSiteConfig({ ...facts, navigation: thisSite.navigation } as Parameters<typeof defineSiteConfig>[0]);
}

/** Front matter between `---` lines at the very start, as Astro's Markdown loader reads it (with js-yaml, as Astro does). */
const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

/** A content file's front matter as written (no rules applied), and the text after it. Throws when the front matter is not YAML. */
export function readFrontMatter(text: string): { data: unknown; body: string } {
  const match = frontMatterPattern.exec(text);
  if (!match) return { data: {}, body: text };
  return { data: yaml.load(match[1]!) ?? {}, body: text.slice(match[0].length) };
}

/**
 * Reads the content of the project at `root` straight from its files, with the same rules, the
 * same picture check and the same order as the build: for tests, which take every count, name and
 * address from it, and for `npm run verify:content`. Every problem is a sentence naming the file;
 * the content holds only the entries that passed.
 */
export function readSiteContent(root: string, { site, builtAt = new Date() }: { site: SiteConfig; builtAt?: Date }): { content: SiteContent<string>; problems: string[] } {
  const problems: string[] = [];
  const read = <C extends CollectionName>(collection: C) => {
    const folder = join(root, 'src/content', collectionFolders[collection]);
    const files = existsSync(folder) ? readdirSync(folder).filter((name) => /\.mdx?$/.test(name)) : [];
    const entries: Entry<z.output<(typeof schemas)[C]>>[] = [];
    for (const name of files.sort()) {
      const path = join(folder, name);
      const filePath = relative(root, path);
      let data: unknown;
      let body: string;
      try {
        ({ data, body } = readFrontMatter(readFileSync(path, 'utf8')));
      } catch (error) {
        problems.push(`${filePath}: the part between the --- lines is not valid: ${(error as Error).message.split('\n')[0]}`);
        continue;
      }
      const missing = findMissingPictures(data, path);
      if (missing.length) {
        problems.push(...missing.map((picture) => describeMissingPicture(path, root, picture)));
        continue;
      }
      const parsed = schemas[collection].safeParse(withoutEmptyGroups((data ?? {}) as Record<string, unknown>), { error: plainLanguageErrorMap });
      if (!parsed.success) {
        problems.push(formatValidationError(filePath, parsed.error));
        continue;
      }
      entries.push({ id: name.replace(/\.mdx?$/, ''), data: parsed.data as z.output<(typeof schemas)[C]>, body, filePath });
    }
    return entries;
  };
  const content = inSiteOrder<string>({
    pages: read('pages'),
    services: read('services'),
    products: read('products'),
    productVariants: read('productVariants'),
    projects: read('projects'),
    clients: read('clients'),
    team: read('team'),
    values: read('values'),
    site,
    builtAt,
  });
  return { content, problems };
}
