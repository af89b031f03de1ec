import type { Ref } from 'react';

interface MenuToggleProps {
  /** Which face to show: "Close" inside the open menu, "Menu" in the header. */
  isOpen: boolean;
  /** The id of the panel the button opens, for aria-controls. */
  controls: string;
  onToggle: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
  /** Whether the panel is open, for aria-expanded (defaults to `isOpen`). */
  expanded?: boolean;
}

/**
 * A button that opens or closes a menu: "Menu" in the header, "Close" in the same place on top of
 * the open menu, so to the eye one toggle switches its label.
 */
export function MenuToggle({ isOpen, controls, onToggle, buttonRef, expanded = isOpen }: MenuToggleProps) {
  return (
    <button ref={buttonRef} type="button" className="menu__toggle" aria-expanded={expanded} aria-controls={controls} onClick={onToggle}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {isOpen ? (
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
      <span>{isOpen ? 'Close' : 'Menu'}</span>
    </button>
  );
}
