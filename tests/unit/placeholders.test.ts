import { expect, it } from 'vitest';
import { countInWords, fillInPlaceholders } from '../../src/lib/content/placeholders.ts';

const known = { years: 9, companyName: 'Impact IT Solutions' };

it('replaces every known placeholder, in nested sections and lists', () => {
  const sections = { about: { title: 'A small team, {years} years in', facts: [{ text: '{companyName} since day one' }] }, count: 3 };
  expect(fillInPlaceholders(sections, known, 'home.md')).toEqual({ about: { title: 'A small team, 9 years in', facts: [{ text: 'Impact IT Solutions since day one' }] }, count: 3 });
});

it('stops on an unknown one, naming the file, the text and the words that exist', () => {
  expect(() => fillInPlaceholders({ title: '{yeras} years' }, known, 'src/content/pages/home.md')).toThrow(
    'src/content/pages/home.md: "{yeras}" in "{yeras} years" is not something the site can fill in. Use one of {years}, {companyName}, or remove the braces.',
  );
  expect(() => fillInPlaceholders('braces {} alone', known, 'x.md')).toThrow('"{}"');
});

it('gives a word that opens a sentence its capital, and leaves it alone elsewhere', () => {
  const counts = { serviceCount: 'six', teamSize: 'eight' };
  expect(fillInPlaceholders('{serviceCount} disciplines. Our {teamSize} people', counts, 'x.md')).toBe('Six disciplines. Our eight people');
  expect(fillInPlaceholders('Done! {teamSize} of us', counts, 'x.md')).toBe('Done! Eight of us');
});

it('writes counts in prose as words up to twelve and figures above, as house style writes them', () => {
  expect([0, 1, 6, 12, 13, 1000].map((count) => countInWords(count))).toEqual(['no', 'one', 'six', 'twelve', '13', '1,000']);
});
