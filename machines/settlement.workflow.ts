import { f } from '@domain/resource/field';
import type { RecordWorkflow } from './record-workflow';
import { settlementEventSchemas } from './settlement.events';
import { settlementMachine } from './settlement.machine';

/**
 * The settlement machine bound to settlements (each event names the permission it needs). Settling a booking also
 * writes the settlement's booking row and totals: the server's effect for this workflow
 * (server/workflows/workflow-effects.ts).
 */
export const settlementWorkflow: RecordWorkflow = {
  resource: 'settlements',
  stateField: 'status',
  machine: settlementMachine,
  eventSchemas: settlementEventSchemas,
  permissions: {
    SETTLE_BOOKING: 'ROLE_UPDATE_SETTLEMENT',
    SUBMIT: 'ROLE_UPDATE_SETTLEMENT',
    NOTIFY: 'ROLE_NOTIFY_SETTLEMENT',
    MARK_SUCCESS: 'ROLE_MARK_SETTLEMENT_SUCCESS',
    SETTLE_IMMEDIATELY: 'ROLE_IMMEDIATE_SETTLEMENT',
    REJECT: 'ROLE_REJECT_SETTLEMENT',
  },
  eventFields: { bookingId: f.relation('Booking', 'bookings', { required: true }) },
  contextOf: (record) => ({ hasBookings: Number(record.bookingsCount ?? 0) > 0 }),
  patchOf: (event, _record) => {
    if (event.type === 'MARK_SUCCESS' || event.type === 'SETTLE_IMMEDIATELY') return { utrReference: event.utrReference };
    return {};
  },
  refusal: (eventType, record) =>
    eventType === 'SUBMIT' && Number(record.bookingsCount ?? 0) === 0 ? 'Settle at least one booking before submitting.' : undefined,
};
