// Telling the job workers of every process that a job was queued, so an idle worker starts it at once instead of
// at its next poll. Kept apart from the workers' start (app-jobs.ts), which gathers every feature's handlers: a
// feature that queues jobs (downloads) imports this without depending on the features it gathers.
import type { NotificationBus } from '@server/live/notification-bus';
import { wakeJobWorkers } from './job-worker';

/** Channel a process announces a queued job on (another process's idle workers wake up). */
export const JOBS_CHANNEL = 'jobs';

/** Announces a queued job to the idle workers of every process (after the commit that queued it). */
export function announceJob(bus: NotificationBus | undefined): void {
  wakeJobWorkers();
  void bus?.publish(JOBS_CHANNEL, {}).catch(() => undefined);
}
