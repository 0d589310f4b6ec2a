import { lazy, type ComponentType } from 'react';
import type { RouteComponentProps } from 'wouter';

/** A screen of the console: a wouter path pattern and the page it renders (lazy: loaded on first visit). */
export interface AppRoute {
  /** wouter pattern, e.g. "/ticket-management/tickets/:id". */
  path: string;
  component: ComponentType<RouteComponentProps>;
}

/**
 * The route table, in match order (first match wins): home and the workflows' own screens. Every other path goes
 * to the resource screens (ResourceScreens: every screen the resource definitions declare, else the not-found
 * page), whose definitions load with them, not with the shell.
 */
export const appRoutes: readonly AppRoute[] = [
  { path: '/', component: lazy(() => import('./home-page').then((m) => ({ default: m.HomePage }))) },
  { path: '/charger-management/create', component: lazy(() => import('@workflows/create-charger/create-charger-page').then((m) => ({ default: m.CreateChargerPage }))) },
  // Test charger (the charger's id, and the page to go back to): start, watch and stop a test charge on an OCPP charger.
  {
    path: '/charger-management/test-charger/:chargerId',
    component: lazy(() => import('@workflows/charger-live/test-charger-page').then((m) => ({ default: m.TestChargerPage as ComponentType<RouteComponentProps> }))),
  },
  // Command results: a batch of commands to many chargers, one row per charger; without a batch, the latest batches.
  { path: '/charger-management/command-batches', component: lazy(() => import('@workflows/charger-commands/command-batch-page').then((m) => ({ default: m.CommandBatchPage as ComponentType<RouteComponentProps> }))) },
  {
    path: '/charger-management/command-batches/:batchId',
    component: lazy(() => import('@workflows/charger-commands/command-batch-page').then((m) => ({ default: m.CommandBatchPage as ComponentType<RouteComponentProps> }))),
  },
  // Transfer device: a charger moves to another host after a preview of from and to.
  { path: '/charger-management/transfer-device', component: lazy(() => import('@workflows/transfer-device/transfer-device-page').then((m) => ({ default: m.TransferDevicePage }))) },
  // Settlements are added by hand or from a CSV on their own screens (before the resource routes' `/:id`).
  { path: '/finance-management/settlement-history/add', component: lazy(() => import('@workflows/settlement/settlement-add-page').then((m) => ({ default: m.SettlementAddPage }))) },
  { path: '/finance-management/settlement-history/upload', component: lazy(() => import('@workflows/settlement/settlement-upload-page').then((m) => ({ default: m.SettlementUploadPage }))) },
  {
    path: '/ticket-management/tickets/:id/installation/add',
    component: lazy(() => import('@workflows/installation/installation-draft-page').then((m) => ({ default: m.InstallationDraftPage as ComponentType<RouteComponentProps> }))),
  },
  // Add Credits To Wallet (Wallet Management): paste numbers, preview who they are, credit them all at once.
  { path: '/wallet-management/add-credits-to-wallet', component: lazy(() => import('@workflows/add-credits/add-credits-page').then((m) => ({ default: m.AddCreditsPage }))) },
  // Bulk results: one bulk run's records with their results and reasons; without a run, the user's own runs.
  { path: '/bulk-results', component: lazy(() => import('@workflows/bulk-results/bulk-results-page').then((m) => ({ default: m.BulkResultsPage as ComponentType<RouteComponentProps> }))) },
  { path: '/bulk-results/:runId', component: lazy(() => import('@workflows/bulk-results/bulk-results-page').then((m) => ({ default: m.BulkResultsPage as ComponentType<RouteComponentProps> }))) },
  // Stale sessions: charging bookings whose charger went quiet, to close (beside the bookings' own lists).
  { path: '/booking-management/all-bookings/stale-sessions', component: lazy(() => import('@workflows/booking/stale-sessions-page').then((m) => ({ default: m.StaleSessionsPage }))) },
  // A download is made of a report type on its own screen (before the resource screens' `/:id`).
  { path: '/downloads-management/create', component: lazy(() => import('@workflows/downloads/download-create-page').then((m) => ({ default: m.DownloadCreatePage }))) },
  // Firmware campaigns: the list, a new campaign (filters counted live), and one campaign with its waves and chargers.
  { path: '/charger-management/firmware', component: lazy(() => import('@workflows/firmware/firmware-files-page').then((m) => ({ default: m.FirmwareFilesPage }))) },
  { path: '/charger-management/firmware-campaigns', component: lazy(() => import('@workflows/firmware-campaigns/campaign-list-page').then((m) => ({ default: m.CampaignListPage }))) },
  { path: '/charger-management/firmware-campaigns/new', component: lazy(() => import('@workflows/firmware-campaigns/campaign-list-page').then((m) => ({ default: m.CampaignCreatePage }))) },
  {
    path: '/charger-management/firmware-campaigns/:id',
    component: lazy(() => import('@workflows/firmware-campaigns/campaign-detail-page').then((m) => ({ default: m.CampaignDetailPage as ComponentType<RouteComponentProps> }))),
  },
];

// Requested as soon as the console starts, beside the first screen rather than before it: nearly every screen
// needs the resource definitions.
const resourceScreens = import('./resource-screens');

/** The resource screens and the not-found page, with the resource definitions (not part of the first load). */
export const ResourceScreens = lazy(() => resourceScreens.then((m) => ({ default: m.ResourceScreens })));
