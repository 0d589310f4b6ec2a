// What is OCPP 1.6-J about frames and answers: the subprotocol, the error codes and sizes of a CALLERROR, and which
// answers to a command mean it was accepted.
import { MAX_ERROR_TEXT, MAX_MESSAGE_ID_LENGTH } from '../ocpp-checks';

/** The WebSocket subprotocol (ocpp-rpc ships its schemas). */
export const OCPP16_PROTOCOL = 'ocpp1.6';

/** chargers.charger_type of the chargers that speak 1.6-J. */
export const OCPP16_CHARGER_TYPE = 'OCPP_16_JSON_CHARGER';

const ACCEPTING: Record<string, readonly string[]> = {
  RemoteStartTransaction: ['Accepted'],
  RemoteStopTransaction: ['Accepted'],
  Reset: ['Accepted'],
  ChangeAvailability: ['Accepted', 'Scheduled'],
  UnlockConnector: ['Unlocked'],
  ChangeConfiguration: ['Accepted', 'RebootRequired'],
  TriggerMessage: ['Accepted'],
  ClearCache: ['Accepted'],
  SetChargingProfile: ['Accepted'],
  ClearChargingProfile: ['Accepted'],
  SendLocalList: ['Accepted'],
  ReserveNow: ['Accepted'],
  CancelReservation: ['Accepted'],
  GetCompositeSchedule: ['Accepted'],
  DataTransfer: ['Accepted'],
};

/** Whether the charger's answer to a command means it was accepted (GetConfiguration always is). */
export function answerAccepts(action: string, result: unknown): boolean {
  const allowed = ACCEPTING[action];
  if (!allowed) return true;
  const status = (result as { status?: unknown } | null)?.status;
  return typeof status === 'string' && allowed.includes(status);
}

// OCPP 1.6 has no RpcFrameworkError (ocpp-rpc answers malformed frames with the 2.0.1 code): a frame that is not
// a JSON array of the right shape is a FormationViolation in 1.6; an unknown message type is NotSupported. A missing
// required field is OccurenceConstraintViolation, as OCPP-J 1.6 spells it (2.0.1, which ocpp-rpc follows, corrected
// it to Occurrence…): a 1.6 charger matches the code as its specification wrote it.
const OCPP16_ERROR_CODES: Record<string, string> = {
  RpcFrameworkError: 'FormationViolation',
  MessageTypeNotSupported: 'NotSupported',
  OccurrenceConstraintViolation: 'OccurenceConstraintViolation',
};

/**
 * A CALLERROR as we send it: the 1.6 code, the charger's message id (at most 1.6's 36 characters), a description of
 * at most MAX_ERROR_TEXT characters and no details. ocpp-rpc's schema errors carry the whole call in their details,
 * and its descriptions may quote the charger's method name or message id: sent back as they are, a large frame would
 * come back to its sender in full.
 */
export function ocpp16Frame(message: string): string {
  if (!message.startsWith('[4,')) return message;
  try {
    const frame = JSON.parse(message) as unknown[];
    const code = String(frame[2]);
    return JSON.stringify([4, String(frame[1]).slice(0, MAX_MESSAGE_ID_LENGTH), OCPP16_ERROR_CODES[code] ?? code, String(frame[3] ?? '').slice(0, MAX_ERROR_TEXT), {}]);
  } catch {
    return message;
  }
}
