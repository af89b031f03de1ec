import { useEffect, useRef, useState, type InputEvent, type MouseEvent, type ReactNode, type Ref } from 'react';
import { chooseAppearance, currentAppearance, type Appearance } from '../../lib/site/appearance.ts';
import './menu.scss';
import panelStylesUrl from './menu-panel.scss?url';
import { menuRoute } from '../../lib/content/routes.ts';
import { isCurrentPath } from '../../lib/site/navigation.ts';

/**
 * What the open menu needs beyond the page: its look (Astro puts any style a component imports into
 * the page, so it comes as a link) and its contents (src/pages/menu.astro). Fetched as the island
 * wakes, awaited before the menu first opens; should either fail, the menu still opens.
 */
let panelParts: Promise<[unknown, string]> | undefined;
const loadPanelParts = () =>
  (panelParts ??= Promise.all([
    new Promise((settle) => document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: panelStylesUrl, onload: settle, onerror: settle }))),
    fetch(menuRoute).then((response) => (response.ok ? response.text() : ''), () => ''),
  ]));

/** The path of each of the toggle's two icons, drawn in a 24 × 24 box. */
const icons = { Menu: 'M4 7h16M4 12h16M4 17h16', Close: 'M6 6l12 12M18 6L6 18' };

function Toggle({ label, expanded, onClick, ref }: { label: keyof typeof icons; expanded: boolean; onClick: () => void; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button ref={ref} type="button" className={label === 'Close' ? 'tap-target menu__toggle menu__close' : 'tap-target menu__toggle'} aria-expanded={expanded} aria-controls="site-menu" onClick={onClick}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path d={icons[label]} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{label}</span>
    </button>
  );
}

/**
 * The site menu: a Menu button that opens a modal <dialog>, full-screen on tablets and up, the
 * spec's drawer on phones. Its brand mark (`brand`) is the page's HTML; its links, search, social
 * links and colour scheme choice are fetched (MenuContents.astro, src/pages/menu.astro), as the menu
 * cannot open without this code. The dialog itself makes the page inert, keeps focus and closes on
 * Escape.
 */
export default function Menu({ brand }: { brand?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDialogElement>(null);
  const contents = useRef<HTMLDivElement>(null);
  useEffect(() => void loadPanelParts(), []);

  // The current page is marked, the appearance choice in force ticked, then focus goes to the first link.
  const openMenu = async () => {
    const [, html] = await loadPanelParts();
    // Filled once, by hand: React renders nothing into this box, so it never redraws what is in it.
    if (!contents.current!.hasChildNodes()) contents.current!.innerHTML = html;
    const dialog = panel.current!;
    for (const link of dialog.querySelectorAll('nav a')) if (isCurrentPath(location.pathname, link.getAttribute('href')!)) link.setAttribute('aria-current', 'page');
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
          <div ref={contents} />
        </div>
      </dialog>
    </div>
  );
}
