import { useCallback, useEffect, useRef, useState } from 'react';
import { chooseAppearance, currentAppearance, type Appearance } from '../../lib/site/appearance.ts';

/** The appearance radio buttons in a menu (MenuContents.astro). */
const appearanceRadios = (dialog: HTMLDialogElement) => dialog.querySelectorAll<HTMLInputElement>('input[data-appearance-choice]');

/**
 * The behaviour the overlay menu and the side drawer share, on the native <dialog>: showModal()
 * makes the page behind inert, keeps focus inside, and closes on Escape, so none of that is
 * written here. What is: the Menu/Close state, focus on the first link when it opens and back on
 * the Menu button when it closes, closing when a resize hides the menu (a phone turned), and the
 * appearance choice inside it: ticked as the menu opens (the other menu may have changed it), applied
 * and remembered as soon as it changes.
 */
export function useDialogMenu() {
  const [isOpen, setOpen] = useState(false);
  const wasOpen = useRef(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    const dialog = dialogRef.current;
    const toggle = toggleRef.current;
    if (!dialog || !toggle) return;
    if (isOpen) {
      const appearance = currentAppearance();
      for (const radio of appearanceRadios(dialog)) radio.checked = radio.value === appearance;
      if (!dialog.open) dialog.showModal();
      dialog.querySelector<HTMLElement>('nav a')?.focus({ preventScroll: true });
    } else {
      if (dialog.open) dialog.close();
      // The Menu button is hidden while the menu is open, so the browser cannot return focus to it.
      if (wasOpen.current) toggle.focus({ preventScroll: true });
    }
    wasOpen.current = isOpen;
  }, [isOpen]);

  useEffect(() => {
    const dialog = dialogRef.current;
    const toggle = toggleRef.current;
    if (!dialog || !toggle) return;
    // Escape closes the dialog natively; keep React's state in step with it.
    const onClose = () => setOpen(false);
    const onResize = () => {
      if (dialog.open && toggle.offsetParent === null) setOpen(false);
    };
    const onChange = ({ target }: Event) => {
      if (target instanceof HTMLInputElement && target.matches('[data-appearance-choice]')) chooseAppearance(target.value as Appearance);
    };
    dialog.addEventListener('close', onClose);
    dialog.addEventListener('change', onChange);
    window.addEventListener('resize', onResize);
    return () => {
      dialog.removeEventListener('close', onClose);
      dialog.removeEventListener('change', onChange);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  return { isOpen, open, close, toggleRef, dialogRef };
}
