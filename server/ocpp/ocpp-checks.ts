// What the central system checks in a charger's message before anything of it is written. The 1.6 schemas (ocpp-rpc's
// strict mode) check types and enumerations only: a connector id or a reading is any integer or number text. A value
// the charger cannot mean (a connector it does not have, a negative energy register, a power of 10^20 W) is answered
// with the CALLERROR that says so and stores nothing: written, it would be wrong data in the console, and a value the
// database cannot hold (a connector id past 2^31) would fail the statement that writes it with other chargers' rows.
import type { ChargerIdentity } from './charger-identity';
import type { MeterSample } from './meter-store';

/** Highest energy register a meter may report, Wh: 10^12 Wh (a billion kWh), beyond any real meter, and exact as a double. */
export const MAX_ENERGY_REGISTER_WH = 1_000_000_000_000;
/** Highest power a charger may report, W (the sum of its phases): 10 MW, above the megawatt chargers of heavy vehicles. */
export const MAX_POWER_W = 10_000_000;
/** Highest current a charger may report, A (the sum of its phases): 10 kA. */
export const MAX_CURRENT_A = 10_000;
/** Highest voltage a charger may report, V: 2 kV, above every DC charging standard. */
export const MAX_VOLTAGE_V = 2_000;
/** State of charge, %: 0 to 100. */
export const MAX_SOC_PERCENT = 100;
/** Longest message id OCPP 1.6-J allows (a charger's CALL with a longer one is refused). */
export const MAX_MESSAGE_ID_LENGTH = 36;
/** The most characters of a charger's text we send back or keep in an error (a description, a frame's start). */
export const MAX_ERROR_TEXT = 300;
/** Highest transaction id: our ids come from a bigint sequence; past 2^53 a JSON number is not exact. */
const MAX_TRANSACTION_ID = Number.MAX_SAFE_INTEGER;

/**
 * An OCPP 1.6 CALLERROR for a message refused at the door, with the 1.6-J meanings of its codes:
 * PropertyConstraintViolation, "syntactically correct but at least one field contains an invalid value" (a connector
 * the charger does not have, a reading out of range); TypeConstraintViolation, a field of the wrong data type (a
 * reading that is not a number); FormationViolation, a frame not built as 1.6-J says (a message id over 36
 * characters).
 */
export class OcppRefusal extends Error {
  override name = 'OcppRefusal';
  constructor(
    readonly code: 'PropertyConstraintViolation' | 'TypeConstraintViolation' | 'FormationViolation',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The connectors a charger has: its sockets as staff recorded them (connectors 1 to n), at least one (a charger
 * recorded without sockets is taken as a single-connector one, as the simulated fleet plays it). Read when the charger
 * connects: a change of sockets counts from its next connection.
 */
export function connectorCount(charger: Pick<ChargerIdentity, 'sockets'>): number {
  return Math.max(1, charger.sockets.length);
}

/**
 * Refuses a connector id the charger does not have. Connector 0 stands for the whole charger where 1.6 allows it
 * (StatusNotification, MeterValues: `allowZero`); a transaction is always on a connector of 1 or more.
 */
export function checkConnector(charger: Pick<ChargerIdentity, 'sockets'>, connectorId: number, options: { allowZero: boolean }): void {
  const count = connectorCount(charger);
  const lowest = options.allowZero ? 0 : 1;
  if (!Number.isSafeInteger(connectorId) || connectorId < lowest || connectorId > count) {
    const shown = Number.isSafeInteger(connectorId) ? String(connectorId) : 'out of range';
    throw new OcppRefusal('PropertyConstraintViolation', `connectorId ${shown} is not a connector of this charger (${lowest} to ${count} here).`);
  }
}

/** Refuses a transaction id no transaction of ours can have. */
export function checkTransactionId(transactionId: number | undefined): void {
  if (transactionId === undefined) return;
  if (!Number.isSafeInteger(transactionId) || transactionId < 0 || transactionId > MAX_TRANSACTION_ID) {
    throw new OcppRefusal('PropertyConstraintViolation', 'transactionId is out of range.');
  }
}

/** Refuses a meter start or stop (Wh) outside 0 … MAX_ENERGY_REGISTER_WH. */
export function checkMeterRegister(field: 'meterStart' | 'meterStop', wh: number): void {
  if (!Number.isFinite(wh) || wh < 0 || wh > MAX_ENERGY_REGISTER_WH) {
    throw new OcppRefusal('PropertyConstraintViolation', `${field} must be between 0 and ${MAX_ENERGY_REGISTER_WH} Wh.`);
  }
}

/** The measurands we keep (ocpp-messages.ts meterSamples), each with its highest value in our units. */
const KEPT_MEASURANDS: Record<string, { field: keyof MeterSample; max: number }> = {
  'Energy.Active.Import.Register': { field: 'energyWh', max: MAX_ENERGY_REGISTER_WH },
  'Power.Active.Import': { field: 'powerW', max: MAX_POWER_W },
  'Current.Import': { field: 'currentA', max: MAX_CURRENT_A },
  Voltage: { field: 'voltageV', max: MAX_VOLTAGE_V },
  SoC: { field: 'soc', max: MAX_SOC_PERCENT },
};

interface SampledValueIn {
  value: string;
  measurand?: string;
  unit?: string;
  format?: string;
}

/**
 * Refuses meter values with a reading we keep that is not a number, or below zero or above its bound (each reading,
 * and each sample's phases added up). Signed data and the measurands we do not keep are not read.
 */
export function checkMeterValues(meterValue: readonly { sampledValue: readonly SampledValueIn[] }[], samples: readonly MeterSample[]): void {
  for (const mv of meterValue) {
    for (const sv of mv.sampledValue) {
      if (sv.format === 'SignedData') continue;
      const measurand = sv.measurand ?? 'Energy.Active.Import.Register';
      const kept = KEPT_MEASURANDS[measurand];
      if (!kept) continue;
      const raw = Number(sv.value);
      if (!Number.isFinite(raw)) throw new OcppRefusal('TypeConstraintViolation', `${measurand}: the value is not a number.`);
      const unit = sv.unit ?? '';
      const scaled = unit === 'kWh' || unit === 'kW' ? raw * 1000 : raw;
      if (scaled < 0 || scaled > kept.max) throw new OcppRefusal('PropertyConstraintViolation', `${measurand} must be between 0 and ${kept.max}.`);
    }
  }
  for (const sample of samples) {
    for (const [measurand, kept] of Object.entries(KEPT_MEASURANDS)) {
      const value = sample[kept.field];
      if (typeof value === 'number' && value > kept.max) throw new OcppRefusal('PropertyConstraintViolation', `${measurand} (all phases) must be at most ${kept.max}.`);
    }
  }
}
