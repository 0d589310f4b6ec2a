// The OCPP 1.6-J messages a charger sends, as their handlers read them (ocpp-rpc has checked them against 1.6's
// schemas first: required fields are there and of their type).

export interface BootNotificationRequest {
  chargePointVendor: string;
  chargePointModel: string;
  chargePointSerialNumber?: string;
  chargeBoxSerialNumber?: string;
  firmwareVersion?: string;
}

export interface StatusNotificationRequest {
  connectorId: number;
  status: string;
  errorCode: string;
  info?: string;
  vendorErrorCode?: string;
}

export interface AuthorizeRequest {
  idTag: string;
}

export interface StartTransactionRequest {
  connectorId: number;
  idTag: string;
  meterStart: number;
  timestamp: string;
  /** The reservation this start uses (the reserved idTag on the reserved connector). */
  reservationId?: number;
}

/** One MeterValue: a timestamp and its sampled values. */
export interface MeterValue {
  timestamp: string;
  sampledValue: { value: string }[];
}

export interface StopTransactionRequest {
  transactionId: number;
  /** The card that ended the transaction, if one did. */
  idTag?: string;
  meterStop: number;
  timestamp: string;
  reason?: string;
  transactionData?: MeterValue[];
}

export interface MeterValuesRequest {
  connectorId: number;
  transactionId?: number;
  meterValue: MeterValue[];
}

export interface FirmwareStatusNotificationRequest {
  status: string;
}

export interface DiagnosticsStatusNotificationRequest {
  status: string;
}
