import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { LocationBankEvent } from './location-bank.events';

/**
 * A candidate site in the location bank: identified, visited, under negotiation with its owner, approved, then
 * allocated to a charge point; rejected with a reason at any step before approval. Its details (address, owner,
 * rent) stay editable until it is allocated or rejected. State names are the site's `status` values.
 */
export const locationBankMachine = setup({
  types: { events: {} as LocationBankEvent | EditEvent },
}).createMachine({
  id: 'locationBank',
  initial: 'IDENTIFIED',
  states: {
    IDENTIFIED: { on: { ...editableIn('IDENTIFIED'), RECORD_SITE_VISIT: 'SITE_VISIT_DONE', REJECT: 'REJECTED' } },
    SITE_VISIT_DONE: { on: { ...editableIn('SITE_VISIT_DONE'), NEGOTIATE: 'NEGOTIATION', REJECT: 'REJECTED' } },
    NEGOTIATION: { on: { ...editableIn('NEGOTIATION'), APPROVE: 'APPROVED', REJECT: 'REJECTED' } },
    APPROVED: { on: { ...editableIn('APPROVED'), ALLOCATE: 'ALLOCATED' } },
    ALLOCATED: { type: 'final' },
    REJECTED: { type: 'final' },
  },
});
