// The ledger: postings are written by the features that move money; this module answers the ledger's own check.
import type { ServerModule } from '@server/server-module';
import { registerLedgerCheckRoute } from './ledger-check-route';

export const ledgerModule: ServerModule = {
  name: 'ledger',
  routes: (registry) => registerLedgerCheckRoute(registry),
};
