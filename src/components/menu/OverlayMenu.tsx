import type { ReactNode } from 'react';
import { MenuToggle } from './MenuToggle';
import { useDialogMenu } from './useDialogMenu';
import './menu.scss';

interface OverlayMenuProps {
  /** The id of the full-screen panel; must be unique on the page. */
  panelId: string;
  /** The links, rendered by Astro as plain HTML (MenuContents.astro). */
  children?: ReactNode;
}

/** The full-screen overlay menu for medium and large screens, opened by a Menu/Close toggle. */
export default function OverlayMenu({ panelId, children }: OverlayMenuProps) {
  const { isOpen, open, close, toggleRef, dialogRef } = useDialogMenu();
  return (
    <div className="menu" data-open={isOpen}>
      <MenuToggle isOpen={false} controls={panelId} onToggle={open} buttonRef={toggleRef} expanded={isOpen} />
      <dialog ref={dialogRef} id={panelId} className="menu__overlay" aria-label="Site menu">
        <div className="menu__bar">
          <MenuToggle isOpen controls={panelId} onToggle={close} />
        </div>
        <div className="menu__overlay-inner">{children}</div>
      </dialog>
    </div>
  );
}
