import { describe, expect, it } from 'vitest';
import { caseStudyRoute, caseStudySlugProblems, projectsByServiceRoute } from '../../src/lib/content/routes.ts';
import { searchDescription, withSuffix } from '../../src/lib/publishing/search-description.ts';

it('a case study’s address exists only for a project whose file has a body', () => {
  expect(caseStudyRoute({ id: 'corner-bakery', body: '## The challenge\n\nThree tills.' })).toBe('/OurProjects/corner-bakery/');
  expect([caseStudyRoute({ id: 'sports-club', body: '\n  \n' }), caseStudyRoute({ id: 'sports-club' })]).toEqual([undefined, undefined]);
  expect(projectsByServiceRoute({ id: 'Web' })).toBe('/OurProjects/service/Web/');
});

it.each<[string, RegExp[]]>([
  ['project-2', []],
  ['2', [/"2" is all digits.*\/OurProjects\/2\/.*rename the file/]],
  ['Service', [/projects-by-service pages: rename the file/]],
  ['my project', [/only letters, digits and hyphens/]],
])('a case study never takes the listing’s own addresses, and says how to fix a file name: %j', (id, problems) => {
  expect(caseStudySlugProblems(['corner-bakery', id])).toEqual(problems.map((problem) => expect.stringMatching(problem)));
});

describe('search descriptions', () => {
  const long = 'Moved a bakery’s two shops and its market stall onto one till system, with orders taken online and a screen for the ovens showing what to bake next. Queues at the Saturday market fell from 20 minutes to 5.';

  it('keep whole sentences within 160 characters, or cut a first sentence that is too long at a word, with an ellipsis', () => {
    expect(searchDescription('Short and sweet.')).toBe('Short and sweet.');
    expect(searchDescription(long)).toBe('Moved a bakery’s two shops and its market stall onto one till system, with orders taken online and a screen for the ovens showing what to bake next.');
    const cut = searchDescription(`${'word '.repeat(60)}end.`);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/word…$/);
  });

  it('make room for a suffix by cutting the text, never the suffix', () => {
    expect(withSuffix('Our projects.', ' (page 2 of 5)')).toBe('Our projects. (page 2 of 5)');
    const described = withSuffix(long, ' (page 2 of 5)');
    expect(described.length).toBeLessThanOrEqual(160);
    expect(described).toMatch(/… \(page 2 of 5\)$/);
  });
});
