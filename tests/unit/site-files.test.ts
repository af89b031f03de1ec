import { expect, it } from 'vitest';
import { securityTxt, webManifest } from '../../src/lib/publishing/site-files.ts';
import { readSecurityTxt } from '../support/security-txt.ts';

it('security.txt is valid RFC 9116, with the contact from the site config, its own canonical address, and an expiry within a year of the build, as the RFC advises, and after it', () => {
  const builtAt = new Date('2026-11-23T10:00:00Z');
  const { fields, problems } = readSecurityTxt(securityTxt({ contactEmail: 'security@example.org', siteUrl: 'https://www.example.org', builtAt }));
  expect(problems).toEqual([]);
  expect(Object.fromEntries(fields)).toMatchObject({ contact: ['mailto:security@example.org'], 'preferred-languages': ['en'], canonical: ['https://www.example.org/.well-known/security.txt'] });
  const expires = Date.parse(fields.get('expires')![0]!);
  expect(expires).toBeGreaterThanOrEqual(builtAt.getTime() + 364 * 86_400_000);
  expect(expires).toBeLessThanOrEqual(builtAt.getTime() + 365 * 86_400_000);
});

it('the security.txt reader the tests use finds what is wrong', () => {
  expect(readSecurityTxt('Expires: tomorrow\nContact: nobody\n').problems).toEqual(['Contact is not a URI: nobody', 'Expires is not an RFC 3339 date-time: tomorrow']);
  expect(readSecurityTxt('Contact: mailto:a@b.c\n').problems).toEqual(['Expires appears 0 times; it must appear once']);
});

it('the web app manifest names the company, and offers an icon at each size', () => {
  const manifest = JSON.parse(webManifest({ name: 'Example Co', shortName: 'Example', description: 'We make things.', themeColour: '#0b2545', backgroundColour: '#ffffff' }));
  expect(manifest).toMatchObject({ name: 'Example Co', short_name: 'Example', start_url: '/', theme_color: '#0b2545', background_color: '#ffffff' });
  expect(manifest.icons).toEqual([192, 512].map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png' })));
});
