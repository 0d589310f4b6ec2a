import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { OpportunityLeadEvent } from './opportunity-lead.events';

/**
 * A sustain-capital opportunity lead (an investor who asked about an opportunity): new, contacted, interested, KYC
 * pending, invested; not interested, with a reason, at any step before investing. Its notes stay editable until it
 * ends. State names are the lead's `status` values.
 */
export const opportunityLeadMachine = setup({
  types: { events: {} as OpportunityLeadEvent | EditEvent },
}).createMachine({
  id: 'opportunityLead',
  initial: 'NEW',
  states: {
    NEW: { on: { ...editableIn('NEW'), CONTACT: 'CONTACTED', MARK_NOT_INTERESTED: 'NOT_INTERESTED' } },
    CONTACTED: { on: { ...editableIn('CONTACTED'), MARK_INTERESTED: 'INTERESTED', MARK_NOT_INTERESTED: 'NOT_INTERESTED' } },
    INTERESTED: { on: { ...editableIn('INTERESTED'), REQUEST_KYC: 'KYC_PENDING', MARK_NOT_INTERESTED: 'NOT_INTERESTED' } },
    KYC_PENDING: { on: { ...editableIn('KYC_PENDING'), MARK_INVESTED: 'INVESTED', MARK_NOT_INTERESTED: 'NOT_INTERESTED' } },
    INVESTED: { type: 'final' },
    NOT_INTERESTED: { type: 'final' },
  },
});
