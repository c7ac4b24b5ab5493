import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Logo } from '../Logo';
import * as css from './Layout.css';

export const SIDEBAR_ID = 'app-sidebar';
const MAIN_ID = 'main-content';

export interface LayoutSection {
  label: string;
  to: string;
  /** Screens that belong to this entry, so that e.g. /new-intake keeps 'Intakes' highlighted. */
  related: readonly string[];
}

function startsWithPath(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** 'page' on the entry's own screen, 'true' on a screen of its area, otherwise nothing. */
function currentFor(section: LayoutSection, pathname: string): 'page' | 'true' | undefined {
  if (pathname === section.to) return 'page';
  return section.related.some((path) => startsWithPath(pathname, path)) ? 'true' : undefined;
}

export interface LayoutProps {
  /** The sidebar's entries, in order. */
  sections: readonly LayoutSection[];
  onSignOut: () => void;
  children: ReactNode;
}

/** The dashboard frame of every signed-in screen: sidebar (a drawer on small screens) and main. */
export function Layout({ sections, onSignOut, children }: LayoutProps) {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!drawerOpen) return;
    // Opening moves the keyboard into the drawer; Escape closes it and returns to the menu button.
    sidebar.current?.querySelector<HTMLElement>('a, button')?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setDrawerOpen(false);
      menuButton.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  const closeDrawer = () => setDrawerOpen(false);

  return (
    <div className={css.shell}>
      <a className={css.skipLink} href={`#${MAIN_ID}`}>
        Skip to main content
      </a>
      <header className={css.topBar}>
        <button
          ref={menuButton}
          type="button"
          className={css.iconButton}
          aria-label="Menu"
          aria-expanded={drawerOpen}
          aria-controls={SIDEBAR_ID}
          onClick={() => setDrawerOpen((open) => !open)}
        >
          <MenuIcon />
        </button>
        <span className={css.topBarTitle}>Dashboard</span>
      </header>
      {drawerOpen && <div className={css.backdrop} aria-hidden="true" onClick={closeDrawer} />}
      <aside id={SIDEBAR_ID} ref={sidebar} className={css.sidebar} data-open={drawerOpen}>
        <div className={css.brand}>
          <Logo size={36} />
          <span>Intake</span>
          <button type="button" className={css.closeButton} aria-label="Close menu" onClick={closeDrawer}>
            <CloseIcon />
          </button>
        </div>
        <nav aria-label="Main">
          <ul className={css.navList}>
            {sections.map((section) => (
              <li key={section.to}>
                <Link className={css.navLink} to={section.to} aria-current={currentFor(section, pathname)} onClick={closeDrawer}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className={css.signOut} onClick={onSignOut}>
          Sign Out
        </button>
      </aside>
      <main id={MAIN_ID} className={css.main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

function MenuIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}
