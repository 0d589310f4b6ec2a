import { type FieldDef, f, optionsOf } from '@domain/resource/field';

export const transactionProtocols = ['OCPP', 'FLEXTRON', 'GSM'] as const;
export const transactionStatuses = ['IN_PROGRESS', 'COMPLETED', 'STOPPED_BY_ADMIN', 'FAILED'] as const;
/** Why a transaction ended: the charger's OCPP reasons, or CLOSED_BY_STAFF (a session staff closed when no stop came). */
export const transactionStopReasons = ['LOCAL', 'REMOTE', 'EV_DISCONNECTED', 'POWER_LOSS', 'EMERGENCY_STOP', 'OTHER', 'CLOSED_BY_STAFF'] as const;

// The three transaction lists share one table. The all-protocols list has no fixed value, so its fields stay
// optional (a required field on a shared table needs a fixed value to scope its CHECK); the per-protocol lists
// require theirs, which adds CHECKs for their rows.
export function transactionFields(required: boolean): Record<string, FieldDef> {
  return {
    chargerId: f.relation('Charger', 'chargers', { required }),
    transactionRef: f.code('Transaction ref', { required, max: 60 }),
    protocol: f.choice('Protocol', optionsOf(transactionProtocols), { required, display: 'badge' }),
    meterStartWh: f.energy('Meter start'),
    meterStopWh: f.energy('Meter stop'),
    energyWh: f.energy('Energy'),
    startedAt: f.datetime('Started', { required }),
    endedAt: f.datetime('Ended'),
    status: f.choice('Status', optionsOf(transactionStatuses, { IN_PROGRESS: 'info', COMPLETED: 'success', STOPPED_BY_ADMIN: 'warning', FAILED: 'danger' }), { required }),
    stopReason: f.choice('Stop reason', optionsOf(transactionStopReasons), { display: 'text' }),
  };
}

export const transactionList = (withProtocol: boolean) => ({
  columns: [
    { field: 'transactionRef' },
    { field: 'chargerId' },
    ...(withProtocol ? [{ field: 'protocol' }] : []),
    { field: 'startedAt' },
    { field: 'endedAt' },
    { field: 'energyWh' },
    { field: 'meterStartWh', hidden: true },
    { field: 'meterStopWh', hidden: true },
    { field: 'status' },
    { field: 'stopReason' },
  ],
  filters: [
    ...(withProtocol ? [{ field: 'protocol', kind: 'select' as const }] : []),
    { field: 'status', kind: 'select' as const },
    { field: 'chargerId', kind: 'relation' as const },
    { field: 'startedAt', kind: 'dateRange' as const },
  ],
  defaultSort: { field: 'startedAt', dir: 'desc' as const },
  sortable: ['energyWh'],
});

export const transactionBase = {
  title: 'Transaction',
  service: '/ccu' as const,
  table: 'charger_transactions',
  labelField: 'transactionRef',
  search: { exact: ['id', 'transactionRef'] },
  permissions: { view: 'ROLE_VIEW_TRANSACTION' as const },
  readOnly: true,
};
