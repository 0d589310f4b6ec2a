import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { ChargerApprovalEvent } from './charger-approval.events';

/**
 * Charger approval ticket: taken under review, then approved or rejected (with a reason); closed with a close
 * reason before a decision. State names are the record's status values.
 */
export const chargerApprovalMachine = setup({
  types: { events: {} as ChargerApprovalEvent | EditEvent },
}).createMachine({
  id: 'chargerApproval',
  initial: 'OPEN',
  states: {
    OPEN: { on: { ...editableIn('OPEN'), START_REVIEW: 'UNDER_REVIEW', CLOSE: 'CLOSED' } },
    UNDER_REVIEW: { on: { ...editableIn('UNDER_REVIEW'), APPROVE: 'APPROVED', REJECT: 'REJECTED', CLOSE: 'CLOSED' } },
    APPROVED: { type: 'final' },
    REJECTED: { type: 'final' },
    CLOSED: { type: 'final' },
  },
});
