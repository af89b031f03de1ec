import { useCallback, useEffect, useRef, useState } from 'react';
import { focusableWithin, makeOutsideInert, nextFocusTarget } from '../../lib/modal-focus.ts';

/**
 * The behaviour the overlay menu and the side drawer share, modelled on Starlight's mobile menu:
 * while open, the rest of the page is inert and does not scroll, focus moves into the menu and
 * stays there, and Escape (or the toggle) closes it and puts focus back on the toggle.
 */
export function useModalMenu() {
  const [isOpen, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus({ preventScroll: true });
  }, []);

  const toggle = useCallback(() => {
    if (isOpen) close();
    else setOpen(true);
  }, [isOpen, close]);

  useEffect(() => {
    const toggleButton = toggleRef.current;
    const panel = panelRef.current;
    if (!isOpen || !toggleButton || !panel) return;

    // The toggle and the panel share one parent: keep it live, make the rest of the page inert.
    const restoreInert = makeOutsideInert(panel.parentElement ?? panel);
    const root = document.documentElement;
    root.classList.add('menu-open');
    focusableWithin(panel)[0]?.focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === 'Tab') {
        // Move focus ourselves, without scrolling: Chromium's own Tab onto the sticky toggle
        // scrolls the page behind the menu back to the top.
        event.preventDefault();
        nextFocusTarget([toggleButton, ...focusableWithin(panel)], document.activeElement, event.shiftKey)?.focus({ preventScroll: true });
      }
    };
    // A menu hidden by a change of screen size (a phone turned, a window narrowed) must not leave the page inert.
    const onResize = () => {
      if (toggleButton.offsetParent === null) close(false);
    };

    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('resize', onResize);
      root.classList.remove('menu-open');
      restoreInert();
    };
  }, [isOpen, close]);

  return { isOpen, toggle, close, toggleRef, panelRef };
}
