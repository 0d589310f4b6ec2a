// The job queue's own work: the hourly housekeeping sweeps (expired Idempotency-Keys, ended sessions and codes,
// downloads past their retention, audit rows past theirs, bulk runs past theirs), each queued once per period by whichever process gets
// there first.
import { downloadStoreOf } from '@server/downloads/download-store';
import { exportTempDir } from '@server/downloads/download-job';
import type { ServerModule } from '@server/server-module';
import { housekeepingHandlers, housekeepingSchedule } from './housekeeping';

export const jobsModule: ServerModule = {
  name: 'jobs',
  jobs: (deps) => ({
    handlers: housekeepingHandlers({ store: downloadStoreOf(deps), exportTempDir: exportTempDir(deps.config.dataDir), retentionDays: deps.config.jobs.downloadRetentionDays, bulkRunRetentionDays: deps.config.jobs.bulkRunRetentionDays }),
    schedule: housekeepingSchedule,
  }),
};
