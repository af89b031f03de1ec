/**
 * Makes everything on the page except `keep` (and its ancestors) inert, the way a modal menu needs
 * the page behind it to be: not focusable, not clickable, hidden from screen readers. Returns a
 * function that restores exactly what it changed, leaving elements that were already inert alone.
 */
export function makeOutsideInert(keep: Element): () => void {
  const changed: Element[] = [];
  for (let node: Element | null = keep; node && node !== node.ownerDocument.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node || sibling.hasAttribute('inert') || isInertExempt(sibling)) continue;
      sibling.setAttribute('inert', '');
      changed.push(sibling);
    }
  }
  return () => {
    for (const element of changed) element.removeAttribute('inert');
  };
}

/** Scripts, styles and templates have no content to protect; leave them untouched. */
function isInertExempt(element: Element): boolean {
  return ['SCRIPT', 'STYLE', 'TEMPLATE', 'LINK'].includes(element.tagName);
}

const focusableSelector = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** The elements inside `root` a keyboard can reach, in tab order of the document. */
export function focusableWithin(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusableSelector)];
}

/**
 * Where Tab (or Shift+Tab) moves focus when it must cycle through `elements` only: the next one,
 * wrapping from the last to the first (and back); focus that is elsewhere is pulled to the first
 * (or last). `null` when there is nothing to focus.
 */
export function nextFocusTarget(elements: readonly HTMLElement[], active: Element | null, backwards: boolean): HTMLElement | null {
  if (elements.length === 0) return null;
  const index = active ? elements.indexOf(active as HTMLElement) : -1;
  const step = backwards ? -1 : 1;
  const next = index === -1 ? (backwards ? elements.length - 1 : 0) : (index + step + elements.length) % elements.length;
  return elements[next] ?? null;
}
