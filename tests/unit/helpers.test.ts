import { expect, it } from 'vitest';
import { inSiteOrder } from '../../src/lib/pages/content.ts';
import { caseStudyRoute, caseStudySlugProblems, projectsByServiceRoute, routeOf, routeSlugProblems } from '../../src/lib/content/routes.ts';
import { isIconName, lucideIcon } from '../../src/lib/content/icons.ts';
import { isCurrentPath } from '../../src/lib/site/navigation.ts';
import { pageTitle } from '../../src/lib/publishing/page-title.ts';
import { initialsOf } from '../../src/lib/site/initials.ts';
import { headingIds } from '../../src/lib/site/heading-ids.ts';

it('inSiteOrder sorts entries by order (100 where none is given), then by file name for ties', () => {
  const services = [{ id: 'd', data: { order: 101 } }, { id: 'b', data: { order: 2 } }, { id: 'c', data: {} }, { id: 'a', data: { order: 2 } }];
  const sorted = inSiteOrder({ pages: [], services, products: [], productVariants: [], projects: [], clients: [], team: [], values: [], insights: [] } as never);
  expect((sorted.services as { id: string }[]).map((entry) => entry.id)).toEqual(['a', 'b', 'c', 'd']);
});

it('routeOf turns an entry id into its page path, keeping the letter case', () => {
  expect(routeOf({ id: 'DataTeam' })).toBe('/DataTeam/');
});

it.each([
  ['/AboutUs/', '/AboutUs/', true],
  ['/AboutUs', '/AboutUs/', true],
  ['/AboutUs/team/', '/AboutUs/', true],
  ['/Contact/', '/AboutUs/', false],
  ['/', '/', true],
  ['/AboutUs/', '/', false],
])('isCurrentPath: on %s, the link to %s is current: %s (the page itself and those below it; the home page only on itself)', (path, link, current) => {
  expect(isCurrentPath(path, link)).toBe(current);
});

const longTitle = 'Backups that work: a small office guide to restoring its own files';
it.each([
  ['puts the page first and the company after it', 'Contact', 'Contact | Impact IT Solutions'],
  ['does not repeat the company when the title already names it', 'Impact IT Solutions: software', 'Impact IT Solutions: software'],
  ['leaves the company out where the whole would be longer than search results show (70 characters)', longTitle, longTitle],
])('pageTitle %s', (_, title, expected) => {
  expect(pageTitle(title, 'Impact IT Solutions')).toBe(expected);
});

it('icons: knows Lucide names, returns an icon’s body and viewBox, and explains an unknown one', () => {
  expect([isIconName('shield-check'), isIconName('no-such-icon')]).toEqual([true, false]);
  expect(lucideIcon('mail')).toMatchObject({ viewBox: '0 0 24 24', body: expect.stringMatching(/^<(path|g|rect)/) });
  expect(() => lucideIcon('nope')).toThrow(/Unknown icon "nope"/);
});

it.each<[string, string[], string[]]>([
  ['accepts unique, address-safe file names', ['Security', 'POS', 'Data-Team2'], []],
  ['explains a name that cannot be an address', ['My Service'], ['"My Service" cannot be a page address: rename the file using only letters, digits and hyphens.']],
  ['finds an address claimed twice, ignoring case', ['Security', 'security'], ['The page address /Security/ is claimed 2 times (Security, security): rename one of the files.']],
  ['finds an address claimed by a fixed page', ['Contact'], ['The page address /Contact/ is claimed 2 times (Contact, Contact): rename one of the files.']],
])('routeSlugProblems %s', (_, names, problems) => {
  expect(routeSlugProblems(names)).toEqual(problems);
});

it('a case study’s address exists only for a project whose file has a body', () => {
  const projects = [{ id: 'corner-bakery', body: '## The challenge\n\nThree tills.' }, { id: 'sports-club', body: '\n  \n' }, { id: 'sports-club' }];
  expect([...projects.map(caseStudyRoute), projectsByServiceRoute({ id: 'Web' })]).toEqual(['/OurProjects/corner-bakery/', undefined, undefined, '/OurProjects/service/Web/']);
});

it.each<[string, RegExp[]]>([
  ['project-2', []],
  ['2', [/"2" is all digits.*\/OurProjects\/2\/.*rename the file/]],
  ['Service', [/projects-by-service pages: rename the file/]],
  ['my project', [/only letters, digits and hyphens/]],
])('a case study never takes the listing’s own addresses, and says how to fix a file name: %j', (id, problems) => {
  expect(caseStudySlugProblems(['corner-bakery', id])).toEqual(problems.map((problem) => expect.stringMatching(problem)));
});

it('headingIds makes anchor ids from headings, never repeating one on a page, the reserved section ids included', () => {
  const ids = headingIds();
  expect([ids.next('Member CRM'), ids.next('Rosters with low-staff alerts')]).toEqual(['member-crm', 'rosters-with-low-staff-alerts']);
  const reserved = headingIds(['roles', 'variants']);
  expect([reserved.next('Roles'), reserved.next('Variants'), reserved.next('Roles')]).toEqual(['roles-1', 'variants-1', 'roles-2']);
});

it('initialsOf uses the first and last names', () => {
  expect(['Ana Maria Lee', "Sean O'Brien", '  Cher '].map(initialsOf)).toEqual(['AL', 'SO', 'C']);
});
