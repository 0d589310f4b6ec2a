import type { RecordWorkflow } from './record-workflow';
import { cpoLeadEventSchemas } from './cpo-lead.events';
import { cpoLeadMachine } from './cpo-lead.machine';

const update = 'ROLE_UPDATE_CPO_LEAD_STATUS' as const;

/** The CPO lead machine bound to cpo-leads (CPO leads and their status, one permission). */
export const cpoLeadWorkflow: RecordWorkflow = {
  resource: 'cpo-leads',
  stateField: 'status',
  machine: cpoLeadMachine,
  eventSchemas: cpoLeadEventSchemas,
  permissions: { CONTACT: update, SCHEDULE_DEMO: update, NEGOTIATE: update, ONBOARD: update, MARK_LOST: update },
  contextOf: () => ({}),
};
