import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { CpoLeadEvent } from './cpo-lead.events';

/**
 * A CPO lead (a company that may run charge points): new, contacted, a demo, negotiation, onboarded; lost with a
 * reason at any step before onboarding. A contacted lead may go straight to negotiation (no demo wanted). Its notes
 * stay editable until it is onboarded or lost. State names are the lead's `status` values.
 */
export const cpoLeadMachine = setup({
  types: { events: {} as CpoLeadEvent | EditEvent },
}).createMachine({
  id: 'cpoLead',
  initial: 'NEW',
  states: {
    NEW: { on: { ...editableIn('NEW'), CONTACT: 'CONTACTED', MARK_LOST: 'LOST' } },
    CONTACTED: { on: { ...editableIn('CONTACTED'), SCHEDULE_DEMO: 'DEMO_SCHEDULED', NEGOTIATE: 'NEGOTIATION', MARK_LOST: 'LOST' } },
    DEMO_SCHEDULED: { on: { ...editableIn('DEMO_SCHEDULED'), NEGOTIATE: 'NEGOTIATION', MARK_LOST: 'LOST' } },
    NEGOTIATION: { on: { ...editableIn('NEGOTIATION'), ONBOARD: 'ONBOARDED', MARK_LOST: 'LOST' } },
    ONBOARDED: { type: 'final' },
    LOST: { type: 'final' },
  },
});
