import type { ReactNode } from 'react';
import { MenuToggle } from './MenuToggle';
import { useModalMenu } from './useModalMenu';
import './menu.scss';

interface SideDrawerProps {
  /** The id of the drawer panel; must be unique on the page. */
  panelId: string;
  /** The links, rendered by Astro as plain HTML (MenuContents.astro). */
  children?: ReactNode;
}

/** The small-screen menu: a drawer that slides in from the right to 250px wide. */
export default function SideDrawer({ panelId, children }: SideDrawerProps) {
  const { isOpen, toggle, close, toggleRef, panelRef } = useModalMenu();
  return (
    <div className="menu" data-open={isOpen}>
      <MenuToggle isOpen={isOpen} controls={panelId} onToggle={toggle} buttonRef={toggleRef} className="menu__toggle" />
      <div className="menu__backdrop" aria-hidden="true" onClick={() => close()} />
      <div ref={panelRef} id={panelId} className="menu__drawer" role="dialog" aria-modal="true" aria-label="Site menu">
        {children}
      </div>
    </div>
  );
}
