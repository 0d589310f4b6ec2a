import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { HAMBURGER_BREAKPOINT_PX, PRODUCT_NAME } from '@domain/constants';
import { menuCollapsedStore, setMenuCollapsed, toggleMenuCollapsed } from '@state/menu-collapsed';
import { useSession } from './session/session-context';
import { BreadcrumbBar } from './breadcrumb-bar';
import { CollapseIcon, MenuIcon } from './icons';
import { KeyboardLayer } from './keyboard/keyboard-layer';
import { initialsOf } from './menu-match';
import { PaletteHost } from './palette/palette-host';
import { requestPaletteOpen } from './palette/palette-shortcut';
import { SideMenu } from './side-menu';
import { TopProgressBar } from './top-progress-bar';
import { useMediaQuery } from './use-media-query';
import { usePageTitle } from './use-page-title';
import { useRecentUrlTracking } from './use-recent-url-tracking';
import { useServerPins } from './use-server-pins';
import type { UserMenuStart } from './user-menu';
import { UserMenuStandIn } from './user-menu-stand-in';

// Not part of the first load: the menus' react-aria code (menu, popover, modal). The user menu is requested as soon
// as the console starts (it is on every screen); a stand-in trigger shows until it is there.
const userMenu = import('./user-menu');
const UserMenu = lazy(() => userMenu.then((m) => ({ default: m.UserMenu })));
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

/** Media query of the hamburger layout: narrower than 992 px. */
export const NARROW_QUERY = `(max-width: ${HAMBURGER_BREAKPOINT_PX - 0.02}px)`;

/** The signed-in frame: side menu (or hamburger below 992 px), top bar with the user menu, breadcrumbs, the page. */
export function Layout({ children }: { children: ReactNode }) {
  const { globalConfig } = useSession();
  const narrow = useMediaQuery(NARROW_QUERY);
  const { value: collapsed } = useSnapshot(menuCollapsedStore);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [userMenuStart, setUserMenuStart] = useState<UserMenuStart>({ open: false, focus: false });
  useRecentUrlTracking();
  usePageTitle();
  useServerPins(globalConfig);

  const railCollapsed = collapsed && !narrow;
  return (
    <div className={`shell${narrow ? ' shell--narrow' : ''}${railCollapsed ? ' shell--collapsed' : ''}`}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopProgressBar />
      {!narrow && (
        <aside className="shell__side">
          <div className="shell__brand">
            <Link href="/" className="brand" aria-label={`${PRODUCT_NAME} home`} title={PRODUCT_NAME}>
              {railCollapsed ? initialsOf(PRODUCT_NAME) : PRODUCT_NAME}
            </Link>
            <button
              type="button"
              className="icon-button"
              aria-label={railCollapsed ? 'Expand menu' : 'Collapse menu'}
              title={railCollapsed ? 'Expand menu' : 'Collapse menu'}
              onClick={toggleMenuCollapsed}
            >
              <CollapseIcon expand={railCollapsed} />
            </button>
          </div>
          <div className="shell__menu">
            <SideMenu collapsed={railCollapsed} onExpand={() => setMenuCollapsed(false)} />
          </div>
        </aside>
      )}
      <div className="shell__main">
        <header className="topbar">
          {narrow && (
            <>
              <button type="button" className="icon-button" aria-label="Open menu" onClick={() => setDrawerOpen(true)}>
                <MenuIcon />
              </button>
              <Link href="/" className="brand">
                {PRODUCT_NAME}
              </Link>
            </>
          )}
          <button type="button" className="topbar__search" onClick={requestPaletteOpen} aria-keyshortcuts="Control+K">
            <SearchIcon />
            <span className="topbar__search-text">Search or jump to…</span>
            <kbd className="topbar__search-key">Ctrl K</kbd>
          </button>
          <div className="topbar__spacer" />
          <Suspense
            fallback={
              <UserMenuStandIn onPress={() => setUserMenuStart({ open: true, focus: true })} onFocusChange={(focus) => setUserMenuStart((s) => ({ ...s, focus }))} />
            }
          >
            <UserMenu start={userMenuStart} />
          </Suspense>
        </header>
        <BreadcrumbBar />
        <main id="main" className="shell__content" tabIndex={-1}>
          {children}
        </main>
      </div>
      {narrow && (
        <Suspense fallback={null}>
          <MobileMenu isOpen={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      )}
      <PaletteHost />
      <KeyboardLayer />
    </div>
  );
}

function SearchIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M10.5 10.5 14 14" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
