import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorBoundary } from './route-error-boundary';
import { RouteFallback } from './route-fallback';
import { appRoutes } from './routes';

/** The signed-in console: the layout around the route table, unknown paths on the not-found page. */
export function Shell() {
  const [location] = useLocation();
  return (
    <Layout>
      <RouteErrorBoundary key={location}>
        <Suspense fallback={<RouteFallback />}>
          <Switch>
            {appRoutes.map((route) => (
              <Route key={route.path} path={route.path} component={route.component} />
            ))}
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </RouteErrorBoundary>
    </Layout>
  );
}
