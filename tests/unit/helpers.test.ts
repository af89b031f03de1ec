import { describe, expect, it } from 'vitest';
import { byOrder, routeOf } from '../../src/lib/content';
import { isIconName, lucideIcon } from '../../src/lib/icons';
import { isCurrentPath } from '../../src/lib/navigation';
import { pageTitle } from '../../src/lib/page-meta';

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
