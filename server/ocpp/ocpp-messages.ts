// Reading what chargers send: meter values into our units, and the live-channel events a change causes.
import { liveOcppKey, liveRecordKey, liveResourceKey, type LiveEvent } from '@domain/live-event';
import type { MeterSample } from './ocpp-store';

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

/** The live event of a change to a charger's OCPP state (its page, and the chargers lists when connectivity moved). */
export function chargerLiveEvent(chargerId: number, options: { connectivity?: boolean } = {}): LiveEvent {
  return {
    keys: [liveOcppKey(chargerId), ...(options.connectivity ? [liveResourceKey('chargers')] : [])],
    permission: 'ROLE_SEARCH_CHARGER',
  };
}

/** The live event of a change to a charger's command records (sent, timed out, refused offline): its page's commands. */
export function commandLiveEvent(chargerId: number): LiveEvent {
  return { keys: [liveOcppKey(chargerId)], permission: 'ROLE_EXECUTE_COMMAND' };
}

/** The live event of a session starting or ending: bookings and transaction lists. */
export function sessionLiveEvent(chargerId: number, bookingId: number | null): LiveEvent {
  return {
    keys: [liveOcppKey(chargerId), liveResourceKey('bookings'), liveResourceKey('transactions'), liveResourceKey('ocpp-transactions'), ...(bookingId ? [liveRecordKey('bookings', bookingId)] : [])],
    permission: null,
  };
}

/** The live event of a servicing ticket opened or commented by a fault. */
export function faultLiveEvent(chargerId: number, ticketId: number): LiveEvent {
  return {
    keys: [liveOcppKey(chargerId), liveResourceKey('charger-servicing-tickets'), liveResourceKey('tickets'), ['comments', 'tickets', String(ticketId)]],
    permission: null,
  };
}
