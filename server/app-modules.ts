// The server's features, in the order their routes are registered: a path two routes could answer goes to the one
// registered first, so a module whose fixed paths sit under another's `/:id` comes before it. Adding a feature is
// adding its module here (docs/architecture.md, "Adding a server feature").
import { bookingsModule } from './bookings/bookings-module';
import { bulkRunsModule } from './bulk-runs/bulk-runs-module';
import { firmwareCampaignsModule } from './firmware-campaigns/firmware-campaigns-module';
import { diagnosticsModule } from './diagnostics/diagnostics-module';
import { chargersModule } from './chargers/chargers-module';
import { downloadsModule } from './downloads/downloads-module';
import { metricsModule } from './metrics/metrics-module';
import { globalDataModule } from './global-data/global-data-module';
import { invoicesModule } from './invoices/invoices-module';
import { jobsModule } from './jobs/jobs-module';
import { leadsModule } from './leads/leads-module';
import { ledgerModule } from './ledger/ledger-module';
import { liveModule } from './live/live-module';
import { networkModule } from './network/network-module';
import { ocppModule } from './ocpp/ocpp-module';
import { firmwareModule } from './firmware/firmware-module';
import { reservationsModule } from './reservations/reservations-module';
import { resourcesModule } from './resources/resources-module';
import { routesModule } from './routes/routes-module';
import { searchModule } from './search/search-module';
import type { ServerModule } from './server-module';
import { settlementsModule } from './settlements/settlements-module';
import { smartChargingModule } from './smart-charging/smart-charging-module';
import { ticketsModule } from './tickets/tickets-module';
import { usersModule } from './users/users-module';
import { walletsModule } from './wallets/wallets-module';
import { workflowsModule } from './workflows/workflows-module';

/** Every feature module of the server. */
export const appModules: readonly ServerModule[] = [
  routesModule,
  // Before the resource routes: /upload-service/download/options is not a download's id.
  downloadsModule,
  // Before the resource routes too: /pw-service/wallet-ledger/check is not a wallet entry's id.
  ledgerModule,
  resourcesModule,
  networkModule,
  workflowsModule,
  chargersModule,
  invoicesModule,
  bookingsModule,
  globalDataModule,
  ticketsModule,
  settlementsModule,
  walletsModule,
  searchModule,
  usersModule,
  leadsModule,
  liveModule,
  ocppModule,
  reservationsModule,
  firmwareModule,
  diagnosticsModule,
  smartChargingModule,
  jobsModule,
  metricsModule,
  bulkRunsModule,
  firmwareCampaignsModule,
];
