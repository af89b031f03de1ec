import { describe, expect, it } from 'vitest';
import { caseStudyRoute, caseStudySlugProblems, projectsByServiceRoute } from '../../src/lib/content/routes.ts';
import { searchDescription, withSuffix } from '../../src/lib/publishing/search-description.ts';
import { caseStudyJsonLd, serviceJsonLd } from '../../src/lib/publishing/structured-data.ts';

describe('case study addresses', () => {
  it('exist only for a project whose file has a body', () => {
    expect(caseStudyRoute({ id: 'harbour-and-vine', body: '## The challenge\n\nThree tills.' })).toBe('/OurProjects/harbour-and-vine/');
    expect(caseStudyRoute({ id: 'foodbank-roster', body: '\n  \n' })).toBeUndefined();
    expect(caseStudyRoute({ id: 'foodbank-roster' })).toBeUndefined();
    expect(projectsByServiceRoute({ id: 'WebApp' })).toBe('/OurProjects/service/WebApp/');
  });

  it('never take the listing’s own addresses, and say how to fix a file name', () => {
    expect(caseStudySlugProblems(['harbour-and-vine', 'project-2'])).toEqual([]);
    expect(caseStudySlugProblems(['2'])).toEqual([expect.stringMatching(/"2" is all digits.*\/OurProjects\/2\/.*rename the file/)]);
    expect(caseStudySlugProblems(['Service'])).toEqual([expect.stringMatching(/projects-by-service pages: rename the file/)]);
    expect(caseStudySlugProblems(['my project'])).toEqual([expect.stringMatching(/only letters, digits and hyphens/)]);
  });
});

describe('search descriptions', () => {
  const long =
    'Replaced three separate systems with Impact Point of Sale across a café, a wine bar and a restaurant, adding table self-ordering and a kitchen display. Average order time dropped from 11 to 7 minutes.';

  it('keep whole sentences within 160 characters', () => {
    expect(searchDescription('Short and sweet.')).toBe('Short and sweet.');
    const description = searchDescription(long);
    expect(description).toBe(long.split('. ')[0] + '.');
    expect(description.length).toBeLessThanOrEqual(160);
  });

  it('cut a first sentence that is too long at a word, with an ellipsis', () => {
    const description = searchDescription(`${'word '.repeat(60)}end.`);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/word…$/);
  });

  it('make room for a suffix by cutting the text, never the suffix', () => {
    expect(withSuffix('Our projects.', ' (page 2 of 5)')).toBe('Our projects. (page 2 of 5)');
    const described = withSuffix(long, ' (page 2 of 5)');
    expect(described.length).toBeLessThanOrEqual(160);
    expect(described).toMatch(/… \(page 2 of 5\)$/);
  });
});

describe('case study JSON-LD', () => {
  const site = { url: 'https://www.example.com' };
  it('is a CreativeWork by the company, about the client, naming the services by their pages’ ids', () => {
    const work = caseStudyJsonLd(site, {
      name: 'Harbour & Vine',
      description: 'Three venues on one POS.',
      path: '/OurProjects/harbour-and-vine/',
      year: 2021,
      client: 'Harbour & Vine',
      services: [{ name: 'Custom software development', path: '/Software/' }],
    });
    expect(work).toMatchObject({
      '@type': 'CreativeWork',
      url: 'https://www.example.com/OurProjects/harbour-and-vine/',
      dateCreated: '2021',
      creator: { '@id': 'https://www.example.com/#organization' },
      about: { '@type': 'Organization', name: 'Harbour & Vine' },
    });
    const service = serviceJsonLd(site, { name: 'Custom software development', description: 'Software.', path: '/Software/' });
    expect((work.mentions as { '@id': string }[])[0]!['@id']).toBe(service['@id']);
  });
});
