import { describe, expect, it } from 'vitest';
import { byOrder } from '../../src/lib/content/order.ts';
import { routeOf } from '../../src/lib/content/routes.ts';
import { isIconName, lucideIcon } from '../../src/lib/content/icons.ts';
import { isCurrentPath } from '../../src/lib/site/navigation.ts';
import { pageTitle } from '../../src/lib/publishing/page-title.ts';
import { initialsOf } from '../../src/lib/site/initials.ts';
import { routeSlugProblems } from '../../src/lib/content/routes.ts';
import { headingIds } from '../../src/lib/site/heading-ids.ts';

describe('byOrder', () => {
  it('sorts by order, then by id for ties', () => {
    const entries = [
      { id: 'b', data: { order: 2 } },
      { id: 'c', data: { order: 1 } },
      { id: 'a', data: { order: 2 } },
    ];
    expect(entries.sort(byOrder).map((entry) => entry.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('routeOf', () => {
  it('turns an entry id into its page path, keeping the letter case', () => {
    expect(routeOf({ id: 'DataScience' })).toBe('/DataScience/');
  });
});

describe('isCurrentPath', () => {
  it('matches the page itself and the pages below it', () => {
    expect(isCurrentPath('/AboutUs/', '/AboutUs/')).toBe(true);
    expect(isCurrentPath('/AboutUs', '/AboutUs/')).toBe(true);
    expect(isCurrentPath('/AboutUs/team/', '/AboutUs/')).toBe(true);
    expect(isCurrentPath('/Contact/', '/AboutUs/')).toBe(false);
  });
  it('treats the home page as current only on the home page', () => {
    expect(isCurrentPath('/', '/')).toBe(true);
    expect(isCurrentPath('/AboutUs/', '/')).toBe(false);
  });
});

describe('pageTitle', () => {
  it('puts the page first and the company after it', () => {
    expect(pageTitle('Contact', 'Impact IT Solutions')).toBe('Contact | Impact IT Solutions');
  });
  it('does not repeat the company when the title already names it', () => {
    expect(pageTitle('Impact IT Solutions: software', 'Impact IT Solutions')).toBe('Impact IT Solutions: software');
  });
  it('leaves the company out where the whole would be longer than search results show (70 characters)', () => {
    const title = 'Card payments at the counter: a point-of-sale security checklist';
    expect(pageTitle(title, 'Impact IT Solutions')).toBe(title);
  });
});

describe('icons', () => {
  it('knows Lucide icon names and rejects others', () => {
    expect(isIconName('shield-check')).toBe(true);
    expect(isIconName('no-such-icon')).toBe(false);
  });
  it('returns the icon body and its viewBox', () => {
    const icon = lucideIcon('mail');
    expect(icon.viewBox).toBe('0 0 24 24');
    expect(icon.body).toMatch(/^<(path|g|rect)/);
  });
  it('explains an unknown icon', () => {
    expect(() => lucideIcon('nope')).toThrow(/Unknown icon "nope"/);
  });
});

describe('routeSlugProblems', () => {
  it('accepts unique, address-safe file names', () => {
    expect(routeSlugProblems(['Cyber', 'IPOS', 'Data-Science2'])).toEqual([]);
  });
  it('explains names that cannot be an address', () => {
    expect(routeSlugProblems(['My Service'])).toEqual([
      '"My Service" cannot be a page address: rename the file using only letters, digits and hyphens.',
    ]);
  });
  it('finds addresses claimed twice, ignoring case, including a fixed page', () => {
    expect(routeSlugProblems(['Cyber', 'cyber'])).toEqual(['The page address /Cyber/ is claimed 2 times (Cyber, cyber): rename one of the files.']);
    expect(routeSlugProblems(['Contact'])).toEqual(['The page address /Contact/ is claimed 2 times (Contact, Contact): rename one of the files.']);
  });
});

describe('headingIds', () => {
  it('makes anchor ids from headings', () => {
    const ids = headingIds();
    expect(ids.next('Loyalty CRM')).toBe('loyalty-crm');
    expect(ids.next('Stock control with low-stock alerts')).toBe('stock-control-with-low-stock-alerts');
  });
  it('never repeats an id on one page, the reserved section ids included', () => {
    const ids = headingIds(['roles', 'variants']);
    expect([ids.next('Roles'), ids.next('Variants'), ids.next('Roles')]).toEqual(['roles-1', 'variants-1', 'roles-2']);
  });
});

describe('initialsOf', () => {
  it('uses the first and last names', () => {
    expect(initialsOf('Mei Lin Chen')).toBe('MC');
    expect(initialsOf("Liam O'Connor")).toBe('LO');
    expect(initialsOf('  Cher ')).toBe('C');
  });
});
