import { describe, expect, it } from 'vitest';
import { fillInPlaceholders } from '../../src/lib/content/placeholders.ts';

const known = { years: 9, companyName: 'Impact IT Solutions' };

describe('words the site fills in when it is built', () => {
  it('replaces every known placeholder, in nested sections and lists', () => {
    const sections = { about: { title: 'A small team, {years} years in', facts: [{ text: '{companyName} since day one' }] }, count: 3 };
    expect(fillInPlaceholders(sections, known, 'home.md')).toEqual({
      about: { title: 'A small team, 9 years in', facts: [{ text: 'Impact IT Solutions since day one' }] },
      count: 3,
    });
  });

  it('stops on an unknown one, naming the file, the text and the words that exist', () => {
    expect(() => fillInPlaceholders({ title: '{yeras} years' }, known, 'src/content/pages/home.md')).toThrow(
      'src/content/pages/home.md: "{yeras}" in "{yeras} years" is not something the site can fill in. Use one of {years}, {companyName}, or remove the braces.',
    );
    expect(() => fillInPlaceholders('braces {} alone', known, 'x.md')).toThrow('"{}"');
  });
});
