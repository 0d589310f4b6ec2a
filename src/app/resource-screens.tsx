import { Route, Switch } from 'wouter';
import { resourceRoutes } from '@resources/resource-routes';
import { networkRoutes } from './network/network-routes';
import { NotFoundPage } from './not-found-page';
import { resourceExtensions } from './resource-extensions';

// The network screens (maps, trackers) first: their fixed paths, such as /all-chargers/map, are not record ids.
const routes = [...networkRoutes, ...resourceRoutes(resourceExtensions)];

/** Every screen the resource definitions declare (fixed paths before paths with an id), else the not-found page. */
export function ResourceScreens() {
  return (
    <Switch>
      {routes.map((route) => (
        <Route key={route.path} path={route.path} component={route.component} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
