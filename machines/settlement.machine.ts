import { assign, setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { SettlementEvent } from './settlement.events';

/** The machine's context: whether the settlement holds a booking yet (the host computes it from the record). */
export interface SettlementContext {
  hasBookings: boolean;
}

/**
 * Host settlement: a draft collects bookings (each booking settled at most once), is submitted for approval when
 * it holds at least one, the host is notified, and the transfer is marked successful with its UTR. Finance may pay
 * an approved settlement at once (immediate settlement, skipping the notice). Any unpaid settlement can be rejected
 * with a reason. State names are the record's status values.
 */
export const settlementMachine = setup({
  types: {
    context: {} as SettlementContext,
    events: {} as SettlementEvent | EditEvent,
    input: {} as SettlementContext,
  },
  guards: {
    hasBookings: ({ context }) => context.hasBookings,
  },
  actions: {
    countBooking: assign({ hasBookings: true }),
  },
}).createMachine({
  id: 'settlement',
  initial: 'DRAFT',
  context: ({ input }) => input,
  states: {
    DRAFT: {
      on: {
        ...editableIn('DRAFT'),
        SETTLE_BOOKING: { target: 'DRAFT', actions: 'countBooking' },
        SUBMIT: { guard: 'hasBookings', target: 'PENDING_APPROVAL' },
        REJECT: 'REJECTED',
      },
    },
    PENDING_APPROVAL: { on: { ...editableIn('PENDING_APPROVAL'), NOTIFY: 'NOTIFIED', SETTLE_IMMEDIATELY: 'SUCCESS', REJECT: 'REJECTED' } },
    NOTIFIED: { on: { ...editableIn('NOTIFIED'), MARK_SUCCESS: 'SUCCESS', REJECT: 'REJECTED' } },
    SUCCESS: { type: 'final' },
    REJECTED: { type: 'final' },
  },
});
