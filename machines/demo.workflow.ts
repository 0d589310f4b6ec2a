import type { RecordWorkflow } from './record-workflow';
import { demoEventSchemas } from './demo.events';
import { demoMachine } from './demo.machine';
import { closePatch, ticketReasonOf } from './ticket-close.events';

const update = 'ROLE_UPDATE_DEMO_TICKET' as const;

/** The demo machine bound to demo tickets (SCHEDULE stores the demo's date and time). */
export const demoWorkflow: RecordWorkflow = {
  resource: 'demo-tickets',
  stateField: 'status',
  machine: demoMachine,
  eventSchemas: demoEventSchemas,
  permissions: { SCHEDULE: update, COMPLETE: update, CANCEL: update, CLOSE: 'ROLE_CLOSE_TICKET' },
  contextOf: () => ({}),
  patchOf: (event) => (event.type === 'SCHEDULE' ? { demoAt: new Date(String(event.demoAt)) } : closePatch(event)),
  reasonOf: ticketReasonOf,
};
