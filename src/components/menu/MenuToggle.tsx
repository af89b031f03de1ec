import type { Ref } from 'react';

interface MenuToggleProps {
  isOpen: boolean;
  /** The id of the panel the button opens, for aria-controls. */
  controls: string;
  onToggle: () => void;
  buttonRef: Ref<HTMLButtonElement>;
  className?: string;
}

/** The button that opens and closes a menu: it reads "Menu" when closed and "Close" when open. */
export function MenuToggle({ isOpen, controls, onToggle, buttonRef, className }: MenuToggleProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={className}
      aria-expanded={isOpen}
      aria-controls={controls}
      onClick={onToggle}
    >
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
