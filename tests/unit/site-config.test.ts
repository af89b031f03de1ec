import { expect, it } from 'vitest';
import { defineSiteConfig, formatAddress, type SiteConfigInput } from '../../src/lib/site/config.ts';
import { validSiteConfig as valid } from '../support/fixtures.ts';

it('accepts a complete, valid configuration unchanged, and puts its address on one line', () => {
  expect(defineSiteConfig(valid)).toEqual(valid);
  expect(formatAddress(valid as never)).toBe('1 George Street, Sydney NSW 2000');
});

it('names the file and every wrong field in one message', () => {
  const twoWrong = () => defineSiteConfig({ ...valid, email: 'not-an-email', address: { ...valid.address, postcode: '20000' } });
  for (const part of ['src/site.config.ts', 'has 2 problems', /"email" must be an e-mail address/, /"address\.postcode" must be a four-digit Australian postcode/]) expect(twoWrong).toThrow(part);
});

const { companyName: _omitted, ...withoutName } = valid;
it.each<[string, unknown, RegExp]>([
  ['a missing field', withoutName, /"companyName" is missing: add it \(text expected\)/],
  ['a navigation path without its trailing slash', { ...valid, navigation: [{ label: 'About', href: '/AboutUs' }] }, /"navigation\[0\]\.href" must be a site path that starts and ends with "\/"/],
  ['anything but exactly two social networks', { ...valid, social: valid.social.slice(0, 1) }, /exactly two social networks/],
  ['an insecure profile link', { ...valid, social: [valid.social[0], { ...valid.social[1], href: 'http://example.com' }] }, /"social\[1\]\.href" must be a full https:\/\/ address/],
  ['an unknown field', { ...valid, compnyName: 'typo' }, /does not know: compnyName/],
  ['a phone number not in international form, as tel: links need', { ...valid, phone: { display: '02 5550 0000', dial: '02 5550 0000' } }, /"phone\.dial"/],
])('rejects %s, and says so', (_, input, message) => {
  expect(() => defineSiteConfig(input as SiteConfigInput)).toThrow(message);
});
