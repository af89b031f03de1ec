import type { ReactNode } from 'react';
import { MenuToggle } from './MenuToggle';
import { useModalMenu } from './useModalMenu';
import './menu.scss';

interface OverlayMenuProps {
  /** The id of the full-screen panel; must be unique on the page. */
  panelId: string;
  /** The links, rendered by Astro as plain HTML (MenuContents.astro). */
  children?: ReactNode;
}

/** The full-screen overlay menu for medium and large screens, opened by a Menu/Close toggle. */
export default function OverlayMenu({ panelId, children }: OverlayMenuProps) {
  const { isOpen, toggle, toggleRef, panelRef } = useModalMenu();
  return (
    <div className="menu" data-open={isOpen}>
      <MenuToggle isOpen={isOpen} controls={panelId} onToggle={toggle} buttonRef={toggleRef} className="menu__toggle" />
      <div ref={panelRef} id={panelId} className="menu__overlay" role="dialog" aria-modal="true" aria-label="Site menu">
        <div className="menu__overlay-inner">{children}</div>
      </div>
    </div>
  );
}
