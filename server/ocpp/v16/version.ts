// OCPP 1.6-J: its subprotocol, its chargers' type, and the handler of each message a charger sends.
import type { ProtocolVersion } from '../message-handler';
import { authorize } from './handlers/authorize';
import { bootNotification } from './handlers/boot-notification';
import { dataTransfer } from './handlers/data-transfer';
import { diagnosticsStatusNotification } from './handlers/diagnostics-status-notification';
import { firmwareStatusNotification } from './handlers/firmware-status-notification';
import { heartbeat } from './handlers/heartbeat';
import { meterValues } from './handlers/meter-values';
import { startTransaction } from './handlers/start-transaction';
import { statusNotification } from './handlers/status-notification';
import { stopTransaction } from './handlers/stop-transaction';
import { answerAccepts, OCPP16_CHARGER_TYPE, OCPP16_PROTOCOL, ocpp16Frame } from './protocol';

export const ocpp16: ProtocolVersion = {
  protocol: OCPP16_PROTOCOL,
  chargerType: OCPP16_CHARGER_TYPE,
  handlers: {
    BootNotification: bootNotification,
    Heartbeat: heartbeat,
    StatusNotification: statusNotification,
    Authorize: authorize,
    StartTransaction: startTransaction,
    StopTransaction: stopTransaction,
    MeterValues: meterValues,
    DataTransfer: dataTransfer,
    FirmwareStatusNotification: firmwareStatusNotification,
    DiagnosticsStatusNotification: diagnosticsStatusNotification,
  },
  errorFrame: ocpp16Frame,
  answerAccepts,
};
