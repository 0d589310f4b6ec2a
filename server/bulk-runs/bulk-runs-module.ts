// Bulk runs: every bulk route keeps its run through runBulk (server/resources/bulk-targets.ts); this module reads
// them back for the console's results page. Old runs are swept by housekeeping (server/jobs/housekeeping.ts).
import type { ServerModule } from '@server/server-module';
import { registerBulkRunRoutes } from './bulk-run-routes';

export const bulkRunsModule: ServerModule = {
  name: 'bulk-runs',
  routes: (registry) => registerBulkRunRoutes(registry),
};
