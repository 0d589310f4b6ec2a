// Diagnostics of chargers (OCPP 1.6 GetDiagnostics): the routes, a listener that takes a GetDiagnostics command's
// answer as soon as it settles (heard on the live channel, in whichever process it was recorded), the sweep job every
// minute (answers a listener missed, requests open past DIAGNOSTICS_TIMEOUT_MINUTES recorded timed out) and the
// retention job every hour (files older than DIAGNOSTICS_RETENTION_DAYS deleted, their requests saying so).
import { LIVE_CHANNEL } from '@domain/live-event';
import { logLine, type ResolvedDeps } from '@server/app-deps';
import { loggableError } from '@server/db/database-error';
import { JobError } from '@server/jobs/job-worker';
import { createInProcessBus } from '@server/live/notification-bus';
import { settledCommandsOf } from '@server/ocpp/central-system';
import type { ServerModule } from '@server/server-module';
import { appFileStoreOf } from '@server/uploads/app-file-store';
import { DIAGNOSTICS_RETENTION_JOB, deleteOldDiagnosticsFiles } from './diagnostics-retention';
import { ownsDiagnosticsBodyLimit, registerDiagnosticsRoutes } from './diagnostics-routes';
import { sweepDiagnostics, takeAnswersOf } from './diagnostics-service';

/** Kind of the sweep job. */
export const DIAGNOSTICS_SWEEP_JOB = 'diagnostics.sweep';

/** The listener: the answers of settled commands taken (a command that is no diagnostics request's moves nothing). */
function answerListener(deps: ResolvedDeps): (payload: unknown) => void {
  return (payload) => {
    const settled = settledCommandsOf(payload).map((s) => s.commandId);
    if (settled.length === 0) return;
    takeAnswersOf(deps, settled).catch((error: unknown) => deps.logger.warn(logLine('diagnostics-answer-failed', loggableError(error))));
  };
}

export const diagnosticsModule: ServerModule = {
  name: 'diagnostics',
  routes(registry) {
    registerDiagnosticsRoutes(registry);
  },
  ownsBodyLimit: ownsDiagnosticsBodyLimit,
  jobs: (deps) => ({
    handlers: {
      [DIAGNOSTICS_SWEEP_JOB]: {
        run: async (ctx) => {
          await sweepDiagnostics({ db: ctx.db, now: ctx.now, bus: deps.bus ?? createInProcessBus() }, deps.config.diagnostics);
        },
      },
      [DIAGNOSTICS_RETENTION_JOB]: {
        run: async (ctx) => {
          const days = deps.config.diagnostics.retentionDays;
          const run = await deleteOldDiagnosticsFiles({ db: ctx.db, store: appFileStoreOf(deps), now: ctx.now(), bus: deps.bus, logger: ctx.logger }, days);
          // Those deleted stay deleted; the job fails (and is tried again) so a store that refuses is seen.
          if (run.failed > 0) throw new JobError(`${run.failed} diagnostics files older than ${days} days could not be deleted from the file store; they are kept and tried again.`);
        },
      },
    },
    schedule: [
      { kind: DIAGNOSTICS_SWEEP_JOB, everyMs: 60_000 },
      { kind: DIAGNOSTICS_RETENTION_JOB, everyMs: 60 * 60_000 },
    ],
  }),
  liveEvents: [
    {
      channel: LIVE_CHANNEL,
      summary: 'A GetDiagnostics command settled: its request takes the answer at once (accepted with a file name, nothing to upload, failed).',
      listener: answerListener,
    },
  ],
};
