// Reservations of chargers' connectors (OCPP 1.6 Reservation profile): their routes, the reservations job (a pass
// every minute, on the job queue: once across every process) and a listener that runs the pass at once when a booking
// changes or a charger's connectivity moves (a booking cancelled, a charger reconnecting).
import { LIVE_CHANNEL, liveResourceKey } from '@domain/live-event';
import { bookingResource } from '@domain/resources/bookings/booking';
import { chargerResource } from '@domain/resources/chargers/charger';
import { logLine, type ResolvedDeps } from '@server/app-deps';
import { loggableError } from '@server/db/database-error';
import { liveEventsOf } from '@server/live/live-events';
import { createInProcessBus } from '@server/live/notification-bus';
import type { ServerModule } from '@server/server-module';
import { registerReservationRoutes } from './reservation-routes';
import { runReservations } from './reservation-service';

/** Kind of the reservations job. */
export const RESERVATIONS_JOB = 'reservations.pass';

/** How long the listener gathers changes before one pass, ms (a burst of reconnects makes one pass). */
const PASS_DELAY_MS = 500;

/** Whether a notification on the live channel is a booking's change or a charger's connectivity moving. */
function concernsReservations(payload: unknown): boolean {
  const wanted = new Set([JSON.stringify(liveResourceKey(bookingResource.name)), JSON.stringify(liveResourceKey(chargerResource.name))]);
  return liveEventsOf(payload).some((event) => {
    const keys = (event as { keys?: unknown } | null)?.keys;
    return Array.isArray(keys) && keys.some((key) => wanted.has(JSON.stringify(key)));
  });
}

/** The listener: one pass shortly after such changes (never two at once in this process). */
function reservationListener(deps: ResolvedDeps): (payload: unknown) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const run = () => {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = runReservations(deps, deps.config.reservations)
      .then(() => undefined)
      .catch((error: unknown) => deps.logger.warn(logLine('reservation-pass-failed', loggableError(error))))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          schedule();
        }
      });
  };
  const schedule = () => {
    if (timer) return;
    timer = setTimeout(run, PASS_DELAY_MS);
    timer.unref();
  };
  return (payload) => {
    if (concernsReservations(payload)) schedule();
  };
}

export const reservationsModule: ServerModule = {
  name: 'reservations',
  routes(registry) {
    registerReservationRoutes(registry);
  },
  jobs: (deps) => ({
    handlers: {
      [RESERVATIONS_JOB]: {
        run: async (ctx) => {
          await runReservations({ db: ctx.db, now: ctx.now, logger: ctx.logger, bus: deps.bus ?? createInProcessBus() }, deps.config.reservations);
        },
      },
    },
    schedule: [{ kind: RESERVATIONS_JOB, everyMs: 60_000 }],
  }),
  liveEvents: [
    {
      channel: LIVE_CHANNEL,
      summary: 'A booking changed or a charger connected or disconnected: reserve, cancel or retry the reservations this concerns at once.',
      listener: reservationListener,
    },
  ],
};

