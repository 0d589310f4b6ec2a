import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteComponentProps } from 'wouter';

/** A screen of the console: a wouter path pattern and the page it renders, loaded on first visit. */
export interface AppRoute {
  /** wouter pattern, e.g. "/ticket-management/tickets/:id". */
  path: string;
  component: LazyExoticComponent<ComponentType<RouteComponentProps>>;
}

/**
 * The route table, in match order (first match wins). Later issues add their screens here as entries;
 * every path not listed renders the not-found page inside the layout.
 */
export const appRoutes: readonly AppRoute[] = [
  { path: '/', component: lazy(() => import('./home-page').then((m) => ({ default: m.HomePage }))) },
];
