// Stop, pause and resume a live booking through its charger (Bookings: ROLE_STOP_BOOKING, ROLE_PAUSE_BOOKING,
// ROLE_RESUME_BOOKING). Each is a command on the existing OCPP command path (sendCommands: a record, routed to the
// process holding the charger's socket) and the booking moves only when the charger says so: a stop when the
// StopTransaction arrives (STOP → stopped by admin, with the meter's energy and amount; server/ocpp/transaction-store.ts),
// a pause when the charger accepts a 0 A charging profile (PAUSE), a resume when it accepts the profile's removal
// (RESUME). A booking whose state refuses the event, or without a live charger session, is refused with 409 and
// nothing is sent.
import { bookingResource } from '@domain/resources/bookings/booking';
import type { OcppCommand, OcppCommandView } from '@domain/ocpp';
import { problemSchema } from '@domain/problem';
import { bookingWorkflow } from '@machines/booking.workflow';
import { acceptedEvents, snapshotOf } from '@machines/workflow-snapshot';
import type { ResolvedDeps } from '@server/app-deps';
import { writeAudit } from '@server/audit/write-audit';
import { conflictProblem, notFoundProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { findRecord } from '@server/resources/resource-query';
import { registerResourceAction } from '@server/resources/resource-actions';
import { transitionConflict } from '@server/workflows/workflow-state';
import { applyChargerEvent } from './booking-transition';
import { chargingProfiles, clearTxProfile, liveSessionOf, sendToCharger, setTxProfile, type LiveSession } from './live-session';

const words = { STOP: 'stopped', PAUSE: 'paused', RESUME: 'resumed' } as const;

/** The booking, checked against the machine for `event`, and its open OCPP session (409 when either is missing). */
async function liveBooking(deps: ResolvedDeps, id: number, event: keyof typeof words): Promise<{ booking: Record<string, unknown>; live: LiveSession }> {
  const booking = await findRecord(deps.db, bookingResource, id);
  if (!booking) throw notFoundProblem(`No booking has the id ${id}.`);
  const status = String(booking.status);
  if (!snapshotOf(bookingWorkflow, booking).can({ type: event } as never)) {
    throw transitionConflict(`A booking in state ${status} cannot be ${words[event]}.`, status, acceptedEvents(bookingWorkflow, booking), booking.version);
  }
  const live = await liveSessionOf(deps, id);
  return { booking, live };
}

/** Sends the command to the session's charger and waits for its answer (409 unless accepted). */
const command = (deps: ResolvedDeps, live: LiveSession, userId: string, cmd: OcppCommand): Promise<OcppCommandView> => sendToCharger(deps, live.chargerId, live.uniqueId, userId, cmd);

const answers = {
  200: { description: 'The booking (and the command the charger accepted)' },
  404: { description: 'No booking has this id', schema: problemSchema },
  409: { description: 'The booking is not in a state for this, has no live charger session, the charger is offline or refused', schema: problemSchema },
};

/** Registers Stop charging, Pause charging and Resume charging. */
export function registerBookingLiveRoutes(registry: RouteRegistry): void {
  registerResourceAction(registry, bookingResource, 'stop-charging', {
    summary: 'Stop a charging or paused booking: RemoteStopTransaction to its charger, with a reason. The booking ends (stopped by admin, energy and amount from the meter, paid from the wallet) when the StopTransaction arrives.',
    responses: answers,
    handler: async ({ c, body, session, deps }) => {
      const id = Number(body.id);
      const { live } = await liveBooking(deps, id, 'STOP');
      await writeAudit(deps.db, { entityType: 'bookings', entityId: String(id), actorUserId: session.userId, action: 'stop-charging', reason: String(body.reason), changes: { transactionId: live.transactionId } }, deps.now());
      const sent = await command(deps, live, session.userId, { action: 'RemoteStopTransaction', payload: { transactionId: live.transactionId } });
      return c.json({ booking: await findRecord(deps.db, bookingResource, id), command: sent }, 200);
    },
  });

  registerResourceAction(registry, bookingResource, 'pause-charging', {
    summary: 'Pause a charging booking: a 0 A charging profile (SetChargingProfile, TxProfile) on its session; the booking is paused once the charger accepts.',
    responses: answers,
    handler: async ({ c, body, session, deps }) => {
      const id = Number(body.id);
      const { live } = await liveBooking(deps, id, 'PAUSE');
      const sent = await command(deps, live, session.userId, setTxProfile(live, chargingProfiles.pause, 0));
      const now = deps.now();
      const to = await deps.db.transaction(async (tx) => {
        await writeAudit(tx, { entityType: 'bookings', entityId: String(id), actorUserId: session.userId, action: 'pause-charging', changes: { transactionId: live.transactionId } }, now);
        return applyChargerEvent(tx, id, { type: 'PAUSE' }, {}, `Charger ${live.uniqueId} accepted a 0 A charging profile`, now);
      });
      if (!to) throw conflictProblem('The booking changed while the charger answered (it ended meanwhile): it was not paused.');
      return c.json({ booking: await findRecord(deps.db, bookingResource, id), command: sent }, 200);
    },
  });

  registerResourceAction(registry, bookingResource, 'resume-charging', {
    summary: 'Resume a paused booking: ClearChargingProfile on its connector; the booking is charging again once the charger accepts.',
    responses: answers,
    handler: async ({ c, body, session, deps }) => {
      const id = Number(body.id);
      const { live } = await liveBooking(deps, id, 'RESUME');
      const sent = await command(deps, live, session.userId, clearTxProfile(live, chargingProfiles.pause));
      const now = deps.now();
      const to = await deps.db.transaction(async (tx) => {
        await writeAudit(tx, { entityType: 'bookings', entityId: String(id), actorUserId: session.userId, action: 'resume-charging', changes: { transactionId: live.transactionId } }, now);
        return applyChargerEvent(tx, id, { type: 'RESUME' }, {}, `Charger ${live.uniqueId} cleared the charging limit`, now);
      });
      if (!to) throw conflictProblem('The booking changed while the charger answered (it ended meanwhile): it was not resumed.');
      return c.json({ booking: await findRecord(deps.db, bookingResource, id), command: sent }, 200);
    },
  });
}
