import { describe, expect, it } from 'vitest';
import { defineSiteConfig, formatAddress, type SiteConfigInput } from '../../src/lib/site/config.ts';
import { validSiteConfig } from '../support/fixtures.ts';

const valid = validSiteConfig;

function problemsWith(input: unknown): string {
  try {
    defineSiteConfig(input as SiteConfigInput);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('the site configuration', () => {
  it('accepts a complete, valid configuration unchanged', () => {
    expect(defineSiteConfig(valid)).toEqual(valid);
  });

  it('names the file and every wrong field in one message', () => {
    const message = problemsWith({ ...valid, email: 'not-an-email', address: { ...valid.address, postcode: '20000' } });
    expect(message).toContain('src/site.config.ts');
    expect(message).toContain('has 2 problems');
    expect(message).toMatch(/"email" must be an e-mail address/);
    expect(message).toMatch(/"address\.postcode" must be a four-digit Australian postcode/);
  });

  it('says which field is missing', () => {
    const { companyName: _omitted, ...withoutName } = valid;
    expect(problemsWith(withoutName)).toMatch(/"companyName" is missing: add it \(text expected\)/);
  });

  it('rejects navigation paths without their trailing slash', () => {
    expect(problemsWith({ ...valid, navigation: [{ label: 'About', href: '/AboutUs' }] })).toMatch(
      /"navigation\[0\]\.href" must be a site path that starts and ends with "\/"/,
    );
  });

  it('rejects anything but exactly two social networks, and insecure profile links', () => {
    expect(problemsWith({ ...valid, social: valid.social.slice(0, 1) })).toMatch(/exactly two social networks/);
    expect(problemsWith({ ...valid, social: [valid.social[0], { ...valid.social[1], href: 'http://example.com' }] })).toMatch(
      /"social\[1\]\.href" must be a full https:\/\/ address/,
    );
  });

  it('rejects a copyright year before the founding year, and unknown fields', () => {
    expect(problemsWith({ ...valid, copyrightYear: 2010 })).toMatch(/copyrightYear cannot be before foundedYear/);
    expect(problemsWith({ ...valid, compnyName: 'typo' })).toMatch(/does not know: compnyName/);
  });

  it('requires phone numbers in international form for tel: links', () => {
    expect(problemsWith({ ...valid, phone: { display: '02 5550 0000', dial: '02 5550 0000' } })).toMatch(/"phone\.dial"/);
  });
});

describe('formatAddress', () => {
  it('puts the address on one line', () => {
    expect(formatAddress(valid as never)).toBe('1 George Street, Sydney NSW 2000');
  });
});
