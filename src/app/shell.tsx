import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { useLiveUpdates } from '@data/live-events';
import { useSession } from './session/session-context';
import { Layout } from './layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { RouteFallback } from './route-fallback';
import { appRoutes, ResourceScreens } from './routes';

/** The signed-in console: the layout around the route table, then the resource screens (unknown paths on the not-found page). */
export function Shell() {
  const [location] = useLocation();
  // The one live stream of the signed-in session: server changes refresh the matching queries.
  useLiveUpdates(useSession().user.authKey);
  return (
    <Layout>
      <RouteErrorBoundary key={location}>
        <Suspense fallback={<RouteFallback />}>
          <Switch>
            {appRoutes.map((route) => (
              <Route key={route.path} path={route.path} component={route.component} />
            ))}
            <Route component={ResourceScreens} />
          </Switch>
        </Suspense>
      </RouteErrorBoundary>
    </Layout>
  );
}
