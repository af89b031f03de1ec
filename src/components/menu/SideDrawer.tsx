import type { MouseEvent, ReactNode } from 'react';
import { MenuToggle } from './MenuToggle';
import { useDialogMenu } from './useDialogMenu';
import './menu.scss';

interface SideDrawerProps {
  /** The id of the drawer panel; must be unique on the page. */
  panelId: string;
  /** The links, rendered by Astro as plain HTML (MenuContents.astro). */
  children?: ReactNode;
}

/** The small-screen menu: a drawer that slides in from the right to 250px wide. */
export default function SideDrawer({ panelId, children }: SideDrawerProps) {
  const { isOpen, open, close, toggleRef, dialogRef } = useDialogMenu();
  // The drawer's content fills the dialog, so a click that lands on the dialog itself is on its backdrop.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };
  return (
    <div className="menu" data-open={isOpen}>
      <MenuToggle isOpen={false} controls={panelId} onToggle={open} buttonRef={toggleRef} expanded={isOpen} />
      <dialog ref={dialogRef} id={panelId} className="menu__drawer" aria-label="Site menu" onClick={closeOnBackdrop}>
        <div className="menu__drawer-inner">
          <div className="menu__bar">
            <MenuToggle isOpen controls={panelId} onToggle={close} />
          </div>
          {children}
        </div>
      </dialog>
    </div>
  );
}
