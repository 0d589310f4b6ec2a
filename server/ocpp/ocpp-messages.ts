// Reading what chargers send: meter values into our units, and the live-channel events a change causes.
import { bookingResource } from '@domain/resources/bookings/booking';
import { chargerResource } from '@domain/resources/chargers/charger';
import { ocppTransactionResource } from '@domain/resources/transactions/ocpp-transaction';
import { transactionResource } from '@domain/resources/transactions/transaction';
import { chargerServicingTicketResource } from '@domain/resources/tickets/charger-servicing-ticket';
import { ticketResource } from '@domain/resources/tickets/ticket';
import { eitherAudience, liveEventsByAudience, liveOcppKey, liveRecordKey, liveResourceKey, resourceAudience, type LiveEvent } from '@domain/live-event';
import type { Permission } from '@domain/permissions';
import type { Resource } from '@domain/resource/define-resource';
import type { MeterSample } from './meter-store';

interface SampledValue {
  value: string;
  measurand?: string;
  unit?: string;
  phase?: string;
}

/** MeterValues / StopTransaction transactionData → samples in Wh, W, A, V and %. Phase readings are summed (power, current) or averaged (voltage). */
export function meterSamples(connectorId: number, transactionId: number | null, meterValue: { timestamp: string; sampledValue: SampledValue[] }[]): MeterSample[] {
  return meterValue.map((mv) => {
    const sample: MeterSample = { connectorId, transactionId, sampledAt: new Date(mv.timestamp), energyWh: null, powerW: null, currentA: null, voltageV: null, soc: null };
    if (Number.isNaN(sample.sampledAt.getTime())) sample.sampledAt = new Date();
    const voltages: number[] = [];
    for (const sv of mv.sampledValue) {
      const raw = Number(sv.value);
      if (!Number.isFinite(raw)) continue;
      const unit = sv.unit ?? '';
      const scale = unit === 'kWh' || unit === 'kW' || unit === 'kvarh' ? 1000 : 1;
      switch (sv.measurand ?? 'Energy.Active.Import.Register') {
        case 'Energy.Active.Import.Register':
          if (!sv.phase) sample.energyWh = raw * scale;
          break;
        case 'Power.Active.Import':
          sample.powerW = (sample.powerW ?? 0) + raw * scale;
          break;
        case 'Current.Import':
          sample.currentA = (sample.currentA ?? 0) + raw;
          break;
        case 'Voltage':
          voltages.push(raw);
          break;
        case 'SoC':
          sample.soc = raw;
          break;
        default:
          break;
      }
    }
    if (voltages.length > 0) sample.voltageV = voltages.reduce((a, b) => a + b, 0) / voltages.length;
    return sample;
  });
}

/**
 * Who may read a charger's live OCPP state (connectors, session, the console's OCPP panel on the charger's page): the
 * permission of GET /ccu/charger/:id/live.
 */
export const OCPP_LIVE_PERMISSION: Permission = 'ROLE_SEARCH_CHARGER';

/** Part of a change's events: a charger's live OCPP state, for those who may read it. */
const ocppPart = (chargerId: number) => [liveOcppKey(chargerId), OCPP_LIVE_PERMISSION] as const;

/** Part of a change's events: a resource's lists and records (or one record), for those who may see them. */
const resourcePart = (resource: Resource, key: string[] = liveResourceKey(resource.name)) => [key, resourceAudience(resource, { inOwnLists: false })] as const;

/** The live events of a change to a charger's OCPP state (its page, and the chargers lists when connectivity moved). */
export function chargerLiveEvent(chargerId: number, options: { connectivity?: boolean } = {}): LiveEvent[] {
  return liveEventsByAudience([ocppPart(chargerId), ...(options.connectivity ? [resourcePart(chargerResource)] : [])]);
}

/**
 * The live event of a change to a charger's command records (sent, timed out, refused offline): its page's commands,
 * and the batches' results pages (`ocpp-commands`, as a command's settling says too).
 */
export function commandLiveEvent(chargerId: number): LiveEvent {
  return { keys: [liveOcppKey(chargerId), ['ocpp-commands']], permission: 'ROLE_EXECUTE_COMMAND' };
}

/**
 * The live events of a session starting or ending: the charger's state, the bookings (and the session's booking) and
 * the transaction lists, each to those who may read it.
 */
export function sessionLiveEvent(chargerId: number, bookingId: number | null): LiveEvent[] {
  return liveEventsByAudience([
    ocppPart(chargerId),
    resourcePart(bookingResource),
    ...(bookingId ? [resourcePart(bookingResource, liveRecordKey(bookingResource.name, bookingId))] : []),
    resourcePart(transactionResource),
    resourcePart(ocppTransactionResource),
  ]);
}

/**
 * The live events of a servicing ticket opened or commented by a fault: the charger's state, the servicing tickets,
 * the cross-kind tickets and the ticket's comments, each to those who may read it. The ticket is assigned to no one,
 * so it is in no one's own list (My tickets); its comments are read by whoever may see the ticket either way.
 */
export function faultLiveEvent(chargerId: number, ticketId: number): LiveEvent[] {
  const [servicingKey, servicing] = resourcePart(chargerServicingTicketResource);
  const [ticketsKey, tickets] = resourcePart(ticketResource);
  return liveEventsByAudience([ocppPart(chargerId), [servicingKey, servicing], [ticketsKey, tickets], [['comments', ticketResource.name, String(ticketId)], eitherAudience(servicing, tickets)]]);
}
