import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { appleTouchIconSize, manifestIconPath, manifestIconSizes, securityTxt, siteFilePaths, webManifest } from '../lib/publishing/site-files.ts';
import { faviconIco, homeScreenIconPng } from '../lib/publishing/site-icons.ts';
import { brandColoursOfProject } from './brand-colours.ts';
import type { SiteConfig } from '../lib/site/config.ts';
import { sampleDetailsWarning } from '../lib/site/sample-details.ts';

type SiteFacts = Pick<SiteConfig, 'url' | 'companyName' | 'brand' | 'description' | 'email' | 'phone' | 'social'>;

/**
 * After each build, writes the files that browsers, phones and researchers ask for by name
 * (src/lib/publishing/site-files.ts): the icons from public/favicon.svg, the web app manifest in
 * the design tokens' colours, and security.txt with a fresh Expires. It also names, as a warning,
 * every company detail still holding a sample value (src/lib/site/sample-details.ts).
 */
export function siteFiles(site: SiteFacts): AstroIntegration {
  let markFile: URL;
  let root: URL;
  return {
    name: 'site-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        markFile = new URL(`.${siteFilePaths.svgIcon}`, config.publicDir);
        root = config.root;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const mark = await readFile(markFile, 'utf8');
        const { brand: brandColour, surface } = await brandColoursOfProject(root);
        const files: [path: string, content: string | Buffer][] = [
          [siteFilePaths.favicon, await faviconIco(mark)],
          [siteFilePaths.appleTouchIcon, await homeScreenIconPng(mark, appleTouchIconSize, brandColour)],
          ...(await Promise.all(manifestIconSizes.map(async (size) => [manifestIconPath(size), await homeScreenIconPng(mark, size, brandColour)] as [string, Buffer]))),
          [
            siteFilePaths.manifest,
            webManifest({ name: site.companyName, shortName: site.brand, description: site.description, themeColour: brandColour, backgroundColour: surface }),
          ],
          [siteFilePaths.securityTxt, securityTxt({ contactEmail: site.email, siteUrl: site.url })],
        ];
        for (const [path, content] of files) {
          const file = fileURLToPath(new URL(`.${path}`, dir));
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, content);
        }
        logger.info(`${files.map(([path]) => path).join(', ')} written`);
        const samples = sampleDetailsWarning(site);
        if (samples) logger.warn(samples);
      },
    },
  };
}
