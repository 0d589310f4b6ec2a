// The simulated charger's vendor extension and its answers to TriggerMessage, apart from the rest of the charger.
// DataTransfer (OCPP 1.6 §5.6): a charger knows its own vendor only. "CZO Simulator" answers Accepted and echoes the
// data back (the message "Refuse" answers Rejected, so a refusal can be seen end to end); a message id it does not
// know is UnknownMessageId, any other vendor UnknownVendorId.
// TriggerMessage (§5.17): every 1.6 target is answered Accepted and followed by the real message; a target 1.6 does not
// have is NotImplemented.

/** The vendor id the simulator answers to. */
export const SIMULATOR_VENDOR_ID = 'CZO Simulator';

/** The message ids the simulator's extension knows (none named: an echo too). */
export const SIMULATOR_MESSAGE_IDS = ['Echo', 'Refuse'] as const;

/** DataTransfer.req as a charger receives it. */
export interface DataTransferRequest {
  vendorId: string;
  messageId?: string;
  data?: string;
}

/** The simulator's answer to a DataTransfer (DataTransfer.conf). */
export function answerDataTransfer(p: DataTransferRequest): { status: string; data?: string } {
  if (p.vendorId !== SIMULATOR_VENDOR_ID) return { status: 'UnknownVendorId' };
  if (p.messageId !== undefined && !(SIMULATOR_MESSAGE_IDS as readonly string[]).includes(p.messageId)) return { status: 'UnknownMessageId' };
  if (p.messageId === 'Refuse') return { status: 'Rejected' };
  return { status: 'Accepted', ...(p.data === undefined ? {} : { data: p.data }) };
}

/** What a triggered message needs of the charger: each sends the real message (connectorId: the one asked for, if any). */
export interface TriggerTargets {
  BootNotification(): Promise<void>;
  Heartbeat(): Promise<void>;
  StatusNotification(connectorId?: number): Promise<void>;
  MeterValues(connectorId?: number): Promise<void>;
  /**
   * The diagnostics and firmware statuses the charger reports now. Idle until a diagnostics upload or a firmware
   * update of the simulator (tools/ocpp-simulator/diagnostics.ts, firmware.ts) sets the charger's own: they replace
   * `SimulatedCharger.triggeredStatus`.
   */
  DiagnosticsStatusNotification(): Promise<void>;
  FirmwareStatusNotification(): Promise<void>;
}

/** The 1.6 messages TriggerMessage may ask for. */
export const triggerableMessages = ['BootNotification', 'DiagnosticsStatusNotification', 'FirmwareStatusNotification', 'Heartbeat', 'MeterValues', 'StatusNotification'] as const;

/**
 * Answers a TriggerMessage: Accepted, and the message sent once the answer has gone (`later`), or NotImplemented for a
 * message 1.6 does not let a central system ask for.
 */
export function answerTrigger(p: { requestedMessage: string; connectorId?: number }, targets: TriggerTargets, later: (send: () => Promise<void>) => void): { status: string } {
  const message = triggerableMessages.find((m) => m === p.requestedMessage);
  if (!message) return { status: 'NotImplemented' };
  if (message === 'StatusNotification' || message === 'MeterValues') later(() => targets[message](p.connectorId));
  else later(() => targets[message]());
  return { status: 'Accepted' };
}
