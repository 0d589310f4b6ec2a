import { diagnosticsCommandLabels, type DiagnosticsCommandAction } from '@domain/diagnostics';
import { ocppCommandLabels, ocppCommandStatusLabels, type OcppCommandAction } from '@domain/ocpp';
import { reservationCommandLabels, type ReservationCommandAction } from '@domain/reservations';

/** Connector statuses in words (OCPP 1.6 ChargePointStatus). */
export const connectorStatusLabels: Readonly<Record<string, string>> = {
  Available: 'Available',
  Preparing: 'Preparing',
  Charging: 'Charging',
  SuspendedEV: 'Paused by the vehicle',
  SuspendedEVSE: 'Paused by the charger',
  Finishing: 'Finishing',
  Reserved: 'Reserved',
  Unavailable: 'Unavailable',
  Faulted: 'Faulted',
};

/** Tone of a connector status pill. */
export function connectorTone(status: string): string {
  if (status === 'Faulted') return 'danger';
  if (status === 'Charging') return 'info';
  if (status === 'Available') return 'success';
  if (status === 'Unavailable') return 'neutral';
  return 'warning';
}

/** Tone of a command status pill. */
export function commandTone(status: string): string {
  if (status === 'accepted') return 'success';
  if (status === 'queued' || status === 'sent') return 'info';
  if (status === 'rejected' || status === 'timedOut') return 'warning';
  return 'danger';
}

/** A command's label. */
export const commandLabel = (action: string) =>
  ocppCommandLabels[action as OcppCommandAction] ?? reservationCommandLabels[action as ReservationCommandAction] ?? diagnosticsCommandLabels[action as DiagnosticsCommandAction] ?? action;
/** A command status's label. */
export const commandStatusLabel = (status: string) => ocppCommandStatusLabels[status] ?? status;

/** Power in kW with one decimal, e.g. 7400 → "7.4 kW"; null → "-". */
export function formatKw(watts: number | null | undefined): string {
  return watts === null || watts === undefined ? '-' : `${(watts / 1000).toLocaleString('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} kW`;
}

/** "12 s ago", "5 min ago", "3 h ago" from an ISO time (the clock of the browser). */
export function ago(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86_400)} days ago`;
}
