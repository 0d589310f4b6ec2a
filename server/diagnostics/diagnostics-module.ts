// Diagnostics of chargers (OCPP 1.6 GetDiagnostics): the routes, a listener that takes a GetDiagnostics command's
// answer as soon as it settles (heard on the live channel, in whichever process it was recorded), and the sweep job
// every minute (answers a listener missed, requests open past DIAGNOSTICS_TIMEOUT_MINUTES recorded timed out).
import { LIVE_CHANNEL } from '@domain/live-event';
import { logLine, type ResolvedDeps } from '@server/app-deps';
import { loggableError } from '@server/db/database-error';
import { createInProcessBus } from '@server/live/notification-bus';
import { settledCommandsOf } from '@server/ocpp/central-system';
import type { ServerModule } from '@server/server-module';
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
    },
    schedule: [{ kind: DIAGNOSTICS_SWEEP_JOB, everyMs: 60_000 }],
  }),
  liveEvents: [
    {
      channel: LIVE_CHANNEL,
      summary: 'A GetDiagnostics command settled: its request takes the answer at once (accepted with a file name, nothing to upload, failed).',
      listener: answerListener,
    },
  ],
};
