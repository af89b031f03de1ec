// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { focusableWithin, makeOutsideInert, nextFocusTarget } from '../../src/lib/modal-focus.ts';

beforeEach(() => {
  document.body.innerHTML = `
    <a id="skip" href="#main">Skip</a>
    <header id="header">
      <a id="logo" href="/">Logo</a>
      <div id="menu"><button id="toggle">Menu</button><div id="panel"><a id="one" href="/a">A</a><a id="two" href="/b">B</a></div></div>
    </header>
    <main id="main"><button id="other">Other</button></main>
    <footer id="footer" inert></footer>
    <script id="script"></script>`;
});

const byId = (id: string) => document.getElementById(id)!;

describe('makeOutsideInert', () => {
  it('makes everything outside the kept element inert, at every level up to the body', () => {
    makeOutsideInert(byId('menu'));
    for (const id of ['skip', 'logo', 'main']) expect(byId(id).hasAttribute('inert'), id).toBe(true);
    for (const id of ['menu', 'header', 'toggle', 'panel']) expect(byId(id).hasAttribute('inert'), id).toBe(false);
    expect(byId('script').hasAttribute('inert')).toBe(false);
  });

  it('restores what it changed and leaves already-inert elements inert', () => {
    const restore = makeOutsideInert(byId('menu'));
    restore();
    for (const id of ['skip', 'logo', 'main']) expect(byId(id).hasAttribute('inert'), id).toBe(false);
    expect(byId('footer').hasAttribute('inert')).toBe(true);
  });
});

describe('focus cycling', () => {
  it('finds the focusable elements in order', () => {
    expect(focusableWithin(byId('menu')).map((element) => element.id)).toEqual(['toggle', 'one', 'two']);
  });

  it('moves to the next or previous element and wraps at both ends', () => {
    const elements = focusableWithin(byId('menu'));
    expect(nextFocusTarget(elements, byId('toggle'), false)?.id).toBe('one');
    expect(nextFocusTarget(elements, byId('one'), false)?.id).toBe('two');
    expect(nextFocusTarget(elements, byId('two'), false)?.id).toBe('toggle');
    expect(nextFocusTarget(elements, byId('one'), true)?.id).toBe('toggle');
    expect(nextFocusTarget(elements, byId('toggle'), true)?.id).toBe('two');
  });

  it('pulls focus that escaped back inside, and copes with nothing to focus', () => {
    const elements = focusableWithin(byId('menu'));
    expect(nextFocusTarget(elements, byId('other'), false)?.id).toBe('toggle');
    expect(nextFocusTarget(elements, byId('other'), true)?.id).toBe('two');
    expect(nextFocusTarget(elements, null, false)?.id).toBe('toggle');
    expect(nextFocusTarget([], byId('other'), true)).toBeNull();
  });
});
