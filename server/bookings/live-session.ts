// What every live booking action needs: the booking's open OCPP session on an online charger, a command sent to it
// through the shared command path (sendCommands, server/ocpp/command-service.ts: a record, routed to the process
// holding the charger's socket) with the charger's answer awaited, and the TxProfile charging profiles that pause and
// load balancing set.
import { sql } from 'drizzle-orm';
import type { OcppCommand, OcppCommandView } from '@domain/ocpp';
import type { ResolvedDeps } from '@server/app-deps';
import { rowsOf } from '@server/db/rows';
import { conflictProblem } from '@server/http/problem';
import { chargerOfflineProblem, sendCommands } from '@server/ocpp/command-service';

/** A booking's open charger session. */
export interface LiveSession {
  transactionId: number;
  chargerId: number;
  connectorId: number;
  uniqueId: string;
  online: boolean;
}

/** The booking's open OCPP session on an online charger (409 with words when it has none or the charger is offline). */
export async function liveSessionOf(deps: ResolvedDeps, bookingId: number): Promise<LiveSession> {
  const [row] = rowsOf<{ transaction_id: unknown; charger_id: unknown; connector_id: number; unique_id: string; connected_node: string | null }>(
    await deps.db.execute(sql`
      select s.transaction_id, s.charger_id, s.connector_id, c.unique_id, p.connected_node
      from ocpp_sessions s join chargers c on c.id = s.charger_id left join ocpp_charge_points p on p.charger_id = s.charger_id
      where s.booking_id = ${bookingId} and s.stopped_at is null order by s.started_at desc limit 1`),
  );
  if (!row) throw conflictProblem('This booking has no live charger session (it was not started through a connected OCPP charger): nothing was sent.');
  const live = { transactionId: Number(row.transaction_id), chargerId: Number(row.charger_id), connectorId: row.connector_id, uniqueId: row.unique_id, online: row.connected_node !== null };
  if (!live.online) throw chargerOfflineProblem(live.uniqueId);
  return live;
}

/** Sends the command to one charger and waits for its answer; 409 with the charger's words when it was not accepted. */
export async function sendToCharger(deps: ResolvedDeps, chargerId: number, uniqueId: string, userId: string, cmd: OcppCommand): Promise<OcppCommandView> {
  const answer = await sendCommands(deps, { chargerIds: [chargerId], command: cmd, userId, wait: true });
  const item = answer.items[0]!;
  if (item.status !== 'accepted') {
    const said = (item.response as { status?: string } | null)?.status;
    throw conflictProblem(`The charger ${uniqueId} did not carry it out (${item.error ?? (said ? `it answered ${said}` : item.status)}). Nothing changed.`);
  }
  return item;
}

/**
 * The charging profiles the console sets on a session, one id each. Pause (0 A) sits above load balancing, so a
 * paused load-balanced session stays at 0 A, and resuming (clearing the pause) brings the load limit back.
 */
export const chargingProfiles = {
  pause: { id: 9001, stackLevel: 1 },
  loadBalancing: { id: 9002, stackLevel: 0 },
} as const;

/** SetChargingProfile: a TxProfile on the session limiting its current to `limitA` amperes. */
export function setTxProfile(live: LiveSession, profile: { id: number; stackLevel: number }, limitA: number): OcppCommand {
  return {
    action: 'SetChargingProfile',
    payload: {
      connectorId: live.connectorId,
      csChargingProfiles: {
        chargingProfileId: profile.id,
        transactionId: live.transactionId,
        stackLevel: profile.stackLevel,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: limitA }] },
      },
    },
  };
}

/** ClearChargingProfile: removes that profile from the session's connector. */
export function clearTxProfile(live: LiveSession, profile: { id: number }): OcppCommand {
  return { action: 'ClearChargingProfile', payload: { id: profile.id, connectorId: live.connectorId, chargingProfilePurpose: 'TxProfile' } };
}
