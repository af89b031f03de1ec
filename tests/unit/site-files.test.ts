import { describe, expect, it } from 'vitest';
import { securityTxt, webManifest, manifestIconSizes, manifestIconPath, siteFilePaths } from '../../src/lib/publishing/site-files.ts';
import { readSecurityTxt } from '../support/security-txt.ts';
import { site } from '../../src/site.config.ts';

describe('security.txt', () => {
  const builtAt = new Date('2026-11-23T10:00:00Z');
  const text = securityTxt({ contactEmail: site.email, siteUrl: site.url, builtAt });
  const { fields, problems } = readSecurityTxt(text);

  it('is valid RFC 9116, with the contact from the site config and its own canonical address', () => {
    expect(problems).toEqual([]);
    expect(fields.get('contact')).toEqual([`mailto:${site.email}`]);
    expect(fields.get('preferred-languages')).toEqual(['en']);
    expect(fields.get('canonical')).toEqual([new URL(siteFilePaths.securityTxt, site.url).href]);
  });

  it('expires within a year of the build, as the RFC advises, and after it', () => {
    const expires = Date.parse(fields.get('expires')![0]!);
    expect(expires).toBeGreaterThanOrEqual(builtAt.getTime() + 364 * 86_400_000);
    expect(expires).toBeLessThanOrEqual(builtAt.getTime() + 365 * 86_400_000);
  });

  it('the reader the tests use finds what is wrong', () => {
    expect(readSecurityTxt('Expires: tomorrow\nContact: nobody\n').problems).toEqual(['Contact is not a URI: nobody', 'Expires is not an RFC 3339 date-time: tomorrow']);
    expect(readSecurityTxt('Contact: mailto:a@b.c\n').problems).toEqual(['Expires appears 0 times; it must appear once']);
  });
});

describe('the web app manifest', () => {
  it('names the company, and offers an icon at each size', () => {
    const manifest = JSON.parse(webManifest({ name: site.companyName, shortName: site.brand, description: site.description, themeColour: '#0b2545', backgroundColour: '#ffffff' }));
    expect(manifest).toMatchObject({ name: site.companyName, short_name: site.brand, start_url: '/', theme_color: '#0b2545', background_color: '#ffffff' });
    expect(manifest.icons).toEqual(manifestIconSizes.map((size) => ({ src: manifestIconPath(size), sizes: `${size}x${size}`, type: 'image/png' })));
  });
});
