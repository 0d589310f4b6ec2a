import type { RecordWorkflow } from './record-workflow';
import { opportunityLeadEventSchemas } from './opportunity-lead.events';
import { opportunityLeadMachine } from './opportunity-lead.machine';

const update = 'ROLE_UPDATE_SUSTAIN_CAPITAL_LEADS' as const;

/** The opportunity lead machine bound to opportunity-leads (sustain capital leads, one permission). */
export const opportunityLeadWorkflow: RecordWorkflow = {
  resource: 'opportunity-leads',
  stateField: 'status',
  machine: opportunityLeadMachine,
  eventSchemas: opportunityLeadEventSchemas,
  permissions: { CONTACT: update, MARK_INTERESTED: update, REQUEST_KYC: update, MARK_INVESTED: update, MARK_NOT_INTERESTED: update },
  contextOf: () => ({}),
};
