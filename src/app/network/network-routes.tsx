import { lazy, type ComponentType } from 'react';
import type { RouteComponentProps } from 'wouter';

type Page = ComponentType<RouteComponentProps>;

/** The network screens (maps, trackers, insights): lazy pages, so map and chart code loads only with them. */
export const networkRoutes: readonly { path: string; component: Page }[] = [
  { path: '/charger-management/all-chargers/map', component: lazy(() => import('./chargers-map-page').then((m) => ({ default: () => <m.ChargersMapPage scope="all" /> }))) as Page },
  { path: '/charger-management/active-chargers/map', component: lazy(() => import('./chargers-map-page').then((m) => ({ default: () => <m.ChargersMapPage scope="active" /> }))) as Page },
  { path: '/charger-management/servicing-required/map-view', component: lazy(() => import('./servicing-map-page').then((m) => ({ default: m.ServicingMapPage }))) as Page },
  { path: '/progress-tracker/daily-tracker', component: lazy(() => import('./tracker-page').then((m) => ({ default: () => <m.TrackerPage period="day" /> }))) as Page },
  { path: '/progress-tracker/monthly-tracker', component: lazy(() => import('./tracker-page').then((m) => ({ default: () => <m.TrackerPage period="month" /> }))) as Page },
];
