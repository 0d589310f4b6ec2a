import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { PayoutEvent } from './payout.events';

/**
 * Payout to a host: scheduled, sent to the bank (processing), then paid with the bank's reference or failed with
 * a reason; a failed payout is scheduled again or cancelled, as is a scheduled one. Its amount, mode and date can
 * be edited only while it waits (scheduled or failed), never once the bank has it. State names are the record's
 * status values.
 */
export const payoutMachine = setup({
  types: { events: {} as PayoutEvent | EditEvent },
}).createMachine({
  id: 'payout',
  initial: 'SCHEDULED',
  states: {
    SCHEDULED: { on: { ...editableIn('SCHEDULED'), START_PROCESSING: 'PROCESSING', CANCEL: 'CANCELLED' } },
    PROCESSING: { on: { MARK_PAID: 'PAID', MARK_FAILED: 'FAILED' } },
    FAILED: { on: { ...editableIn('FAILED'), RETRY: 'SCHEDULED', CANCEL: 'CANCELLED' } },
    PAID: { type: 'final' },
    CANCELLED: { type: 'final' },
  },
});
