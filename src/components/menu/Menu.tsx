import { useRef, useState, type InputEvent, type MouseEvent, type ReactNode, type Ref } from 'react';
import { chooseAppearance, currentAppearance, type Appearance } from '../../lib/site/appearance.ts';
import './menu.scss';

/** The path of each of the toggle's two icons, drawn in a 24 × 24 box. */
const icons = { Menu: 'M4 7h16M4 12h16M4 17h16', Close: 'M6 6l12 12M18 6L6 18' };

function Toggle({ label, expanded, onClick, ref }: { label: keyof typeof icons; expanded: boolean; onClick: () => void; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button ref={ref} type="button" className={label === 'Close' ? 'menu__toggle menu__close' : 'menu__toggle'} aria-expanded={expanded} aria-controls="site-menu" onClick={onClick}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path d={icons[label]} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{label}</span>
    </button>
  );
}

/**
 * The site menu: a Menu button that opens a modal <dialog>, full-screen on tablets and up, the
 * spec's drawer on phones. Its brand mark (`brand`), links, search, social links and colour
 * scheme choice are the page's own HTML (`children`, MenuContents.astro), there without
 * JavaScript; this island adds what opening and closing needs. The dialog itself makes the page
 * inert, keeps focus and closes on Escape.
 */
export default function Menu({ brand, children }: { brand?: ReactNode; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDialogElement>(null);

  // The appearance choice in force is ticked as the menu opens, then focus goes to the first link.
  const openMenu = () => {
    const dialog = panel.current!;
    for (const radio of dialog.querySelectorAll<HTMLInputElement>('input[name="appearance"]')) radio.checked = radio.value === currentAppearance();
    dialog.showModal();
    setOpen(true);
    dialog.querySelector<HTMLElement>('nav a')?.focus({ preventScroll: true });
  };
  const closeMenu = () => panel.current!.close();
  // The Menu button is hidden while the menu is open, so the browser cannot return focus to it.
  const onClose = () => {
    setOpen(false);
    toggle.current!.focus({ preventScroll: true });
  };
  // The inner box fills the dialog: a click on the dialog itself is on the backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => event.target === event.currentTarget && closeMenu();
  // The radios are the page's HTML, not React's: their input events reach the dialog as they bubble.
  const onInput = ({ target }: InputEvent<HTMLDialogElement>) => {
    if (target instanceof HTMLInputElement && target.name === 'appearance') chooseAppearance(target.value as Appearance);
  };

  return (
    <div className="menu">
      <Toggle ref={toggle} label="Menu" expanded={open} onClick={openMenu} />
      <dialog ref={panel} id="site-menu" className="menu__panel" aria-label="Site menu" onClose={onClose} onClick={onClick} onInput={onInput}>
        <div className="menu__inner">
          <div className="menu__bar">
            {brand}
            <Toggle label="Close" expanded onClick={closeMenu} />
          </div>
          {children}
        </div>
      </dialog>
    </div>
  );
}
