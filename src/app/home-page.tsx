import { lazy, Suspense, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { flattenMenu, visibleMenu } from '@domain/menu';
import { saveBreadcrumbs } from '@state/breadcrumbs';
import { isInternalPath, pathOf } from '@state/internal-path';
import { pinsStore } from '@state/pins';
import { recentUrlsStore } from '@state/recent-urls';
import { useSession } from './session/session-context';
import { entryLabel, matchMenuEntry, trailForPin } from './menu-match';
import { NO_PERMISSIONS_MESSAGE } from './side-menu';

// The day's figures load beside home (they need the resource definitions), never before it.
const DayOverview = lazy(() => import('./network/day-overview').then((m) => ({ default: m.DayOverview })));

/** A recent URL's label: its menu entry's title when it is that entry's page, else the URL itself. */
function recentLabel(url: string): string {
  const entry = matchMenuEntry(url);
  return entry && entry.path === pathOf(url) ? entryLabel(entry) : url;
}

/** The signed-in home: a greeting, the day's work (figures linking to their lists), pins, recent pages and what the menu lets them reach. */
export function HomePage() {
  const { user } = useSession();
  const { items: pins } = useSnapshot(pinsStore);
  const { urls } = useSnapshot(recentUrlsStore);
  const menu = useMemo(() => visibleMenu(user.permissions), [user.permissions]);
  // The history may hold a page twice (only consecutive repeats are skipped); list each page once.
  const recent = [...new Set(urls)];
  const safePins = pins.filter((pin) => isInternalPath(pin.redirect));

  return (
    <div className="page home">
      <h1>Welcome, {user.name}</h1>
      <div className="home__grid">
        <Suspense fallback={null}>
          <DayOverview />
        </Suspense>
        <section className="card" aria-labelledby="home-pinned">
          <h2 id="home-pinned">Pinned</h2>
          {safePins.length === 0 ? (
            <p className="muted">Nothing pinned yet. Use the pin button beside a menu entry to keep it here and at the top of the menu.</p>
          ) : (
            <ul className="link-list">
              {safePins.map((pin) => (
                <li key={pin.id}>
                  <Link href={pin.redirect} onClick={() => saveBreadcrumbs(trailForPin(pin))}>
                    {pin.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card" aria-labelledby="home-recent">
          <h2 id="home-recent">Recent pages</h2>
          {recent.length === 0 ? (
            <p className="muted">Pages you open will be listed here, so you can return to them in one click.</p>
          ) : (
            <ul className="link-list">
              {recent.map((url) => (
                <li key={url}>
                  <Link href={url}>{recentLabel(url)}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card" aria-labelledby="home-reach">
          <h2 id="home-reach">What you can reach</h2>
          {menu.length === 0 ? (
            <p className="muted">{NO_PERMISSIONS_MESSAGE} Ask an administrator to give you a role.</p>
          ) : (
            <ul className="count-list">
              {menu.map((group) => {
                const count = flattenMenu([group]).length;
                return (
                  <li key={group.id}>
                    <span>{group.title}</span>
                    <span className="count-list__count">
                      {count} {count === 1 ? 'page' : 'pages'}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
