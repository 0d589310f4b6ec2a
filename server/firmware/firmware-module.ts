// Firmware of OCPP chargers: the images and updates' routes, the firmware job (a pass every minute, on the job queue:
// answers followed, updates waiting for a session sent, silent ones timed out) and a listener that follows a command's
// answer at once when an UpdateFirmware is settled.
import { LIVE_CHANNEL } from '@domain/live-event';
import { logLine, type ResolvedDeps } from '@server/app-deps';
import { loggableError } from '@server/db/database-error';
import { createInProcessBus } from '@server/live/notification-bus';
import { settledCommandsOf } from '@server/ocpp/central-system';
import type { ServerModule } from '@server/server-module';
import { firmwareRequestBodies, ownsFirmwareBodyLimit, registerFirmwareRoutes } from './firmware-routes';
import { FIRMWARE_PASS_JOB, followCommandAnswers, runFirmwarePass } from './firmware-update-service';

/** The listener: the answers of settled commands followed (a command not of a firmware update moves nothing). */
function answerListener(deps: ResolvedDeps): (payload: unknown) => void {
  return (payload) => {
    const ids = settledCommandsOf(payload).map((s) => s.commandId);
    if (ids.length === 0) return;
    followCommandAnswers(deps, ids).catch((error: unknown) => deps.logger.warn(logLine('firmware-answer-failed', loggableError(error))));
  };
}

export const firmwareModule: ServerModule = {
  name: 'firmware',
  routes(registry) {
    registerFirmwareRoutes(registry);
  },
  jobs: (deps) => ({
    handlers: {
      [FIRMWARE_PASS_JOB]: {
        run: async (ctx) => {
          await runFirmwarePass({ db: ctx.db, now: ctx.now, logger: ctx.logger, bus: deps.bus ?? createInProcessBus(), config: deps.config });
        },
      },
    },
    schedule: [{ kind: FIRMWARE_PASS_JOB, everyMs: 60_000 }],
  }),
  liveEvents: [
    {
      channel: LIVE_CHANNEL,
      summary: 'A command was answered: a firmware update waiting for its UpdateFirmware answer moves at once.',
      listener: answerListener,
    },
  ],
  requestBodies: firmwareRequestBodies,
  ownsBodyLimit: ownsFirmwareBodyLimit,
};
