import { lazy, type ComponentType } from 'react';
import type { RouteComponentProps } from 'wouter';
import { resourceRoutes } from '@resources/resource-routes';

/** A screen of the console: a wouter path pattern and the page it renders (lazy: loaded on first visit). */
export interface AppRoute {
  /** wouter pattern, e.g. "/ticket-management/tickets/:id". */
  path: string;
  component: ComponentType<RouteComponentProps>;
}

/**
 * The route table, in match order (first match wins): home, then every screen the resource definitions
 * declare. Every path not listed renders the not-found page inside the layout.
 */
export const appRoutes: readonly AppRoute[] = [
  { path: '/', component: lazy(() => import('./home-page').then((m) => ({ default: m.HomePage }))) },
  { path: '/charger-management/create', component: lazy(() => import('@workflows/create-charger/create-charger-page').then((m) => ({ default: m.CreateChargerPage }))) },
  // Settlements are added by hand or from a CSV on their own screens (before the resource routes' `/:id`).
  { path: '/finance-management/settlement-history/add', component: lazy(() => import('@workflows/settlement/settlement-add-page').then((m) => ({ default: m.SettlementAddPage }))) },
  { path: '/finance-management/settlement-history/upload', component: lazy(() => import('@workflows/settlement/settlement-upload-page').then((m) => ({ default: m.SettlementUploadPage }))) },
  {
    path: '/ticket-management/tickets/:id/installation/add',
    component: lazy(() => import('@workflows/installation/installation-draft-page').then((m) => ({ default: m.InstallationDraftPage as ComponentType<RouteComponentProps> }))),
  },
  ...resourceRoutes(),
];
