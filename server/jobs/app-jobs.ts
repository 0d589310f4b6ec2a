// The server's job handlers and workers: exports and housekeeping on one queue (config.jobs.workers per process).
import type { AppConfig } from '@server/config';
import type { Database } from '@server/db/database';
import { exportJobHandler, exportTempDir, EXPORT_JOB, EXPORT_MIN_BATCH_ROWS, EXPORT_MIN_BATCH_ROWS_EMBEDDED } from '@server/downloads/download-job';
import { downloadStoreOf } from '@server/downloads/download-routes';
import type { Logger } from '@server/app-deps';
import { housekeepingHandlers, housekeepingSchedule } from './housekeeping';
import { downloadResource } from '@domain/entities/global-data';
import { liveResourceKey, resourceAudience } from '@domain/live-event';
import { publishLive } from '@server/live/live-events';
import type { NotificationBus } from '@server/live/notification-bus';
import { startJobWorkers, wakeJobWorkers, type JobHandler, type JobWorkers } from './job-worker';

/** What the server's jobs need. */
export interface AppJobDeps {
  db: Database;
  config: AppConfig;
  /**
   * The notification bus: export progress goes out on the live channel (the console's download lists refresh), and
   * idle workers wake when any process queues a job. Without it the console and the workers poll.
   */
  bus?: NotificationBus;
  now?: () => Date;
  logger?: Logger;
}

/** Channel a process announces a queued job on (another process's idle workers wake up). */
export const JOBS_CHANNEL = 'jobs';

/** Announces a queued job to the idle workers of every process (after the commit that queued it). */
export function announceJob(bus: NotificationBus | undefined): void {
  wakeJobWorkers();
  void bus?.publish(JOBS_CHANNEL, {}).catch(() => undefined);
}

/** Publishes a download's progress as a live event: every download list and that download's record refresh. */
function downloadProgressPublisher(bus: NotificationBus | undefined) {
  if (!bus) return undefined;
  return async (_channel: string, payload: unknown) => {
    const data = payload as { id: number; status: string };
    // Every signed-in user may list all downloads (who asked for what, its status and size): so may they hear of them.
    const permission = resourceAudience(downloadResource, { inOwnLists: true });
    publishLive(bus, { keys: [liveResourceKey(downloadResource.name)], permission, topic: 'download', data: data as Record<string, unknown> }, { immediate: data.status !== 'RUNNING' });
  };
}

/** Every job handler of the server, by kind. */
export function appJobHandlers(deps: AppJobDeps, overrides: { maxRowsPerSheet?: number; batchRows?: number; progressEveryMs?: number } = {}): Record<string, JobHandler> {
  const store = downloadStoreOf(deps);
  const tempDir = exportTempDir(deps.config.dataDir);
  return {
    [EXPORT_JOB]: exportJobHandler({
      store,
      tempDir,
      publish: downloadProgressPublisher(deps.bus),
      busyBatchRows: deps.config.databaseUrl ? EXPORT_MIN_BATCH_ROWS : EXPORT_MIN_BATCH_ROWS_EMBEDDED,
      ...overrides,
    }),
    ...housekeepingHandlers({ store, exportTempDir: tempDir, retentionDays: deps.config.jobs.downloadRetentionDays }),
  };
}

/** Starts the configured number of workers (none when JOB_WORKERS=0: an API-only process). */
export function startAppJobs(deps: AppJobDeps): JobWorkers {
  return startJobWorkers({
    db: deps.db,
    handlers: appJobHandlers(deps),
    count: deps.config.jobs.workers,
    pollMs: deps.config.jobs.pollSeconds * 1000,
    leaseMs: deps.config.jobs.leaseSeconds * 1000,
    schedule: housekeepingSchedule,
    now: deps.now,
    logger: deps.logger,
    subscribe: deps.bus ? (wake) => deps.bus!.subscribe(JOBS_CHANNEL, () => wake()) : undefined,
  });
}
