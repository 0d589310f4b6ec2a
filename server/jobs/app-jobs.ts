// The server's job workers: every module's job handlers and schedule (server/server-module.ts), on one queue
// (config.jobs.workers per process).
import { appModules } from '@server/app-modules';
import { gatherJobs, type JobDeps, type JobTuning } from '@server/server-module';
import { JOBS_CHANNEL } from './announce-job';
import { startJobWorkers, type JobHandler, type JobWorkers } from './job-worker';

/** Every job handler of the server, by kind (`tuning` shrinks an export's batches and sheets for a test). */
export function appJobHandlers(deps: JobDeps, tuning: JobTuning = {}): Record<string, JobHandler> {
  return gatherJobs(appModules, { ...deps, tuning }).handlers;
}

/** Starts the configured number of workers (none when JOB_WORKERS=0: an API-only process). */
export function startAppJobs(deps: JobDeps): JobWorkers {
  const { handlers, schedule } = gatherJobs(appModules, deps);
  return startJobWorkers({
    db: deps.db,
    handlers,
    count: deps.config.jobs.workers,
    pollMs: deps.config.jobs.pollSeconds * 1000,
    leaseMs: deps.config.jobs.leaseSeconds * 1000,
    schedule,
    now: deps.now,
    logger: deps.logger,
    subscribe: deps.bus ? (wake) => deps.bus!.subscribe(JOBS_CHANNEL, () => wake()) : undefined,
  });
}
