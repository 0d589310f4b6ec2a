import type { RecordWorkflow } from './record-workflow';
import { locationBankEventSchemas } from './location-bank.events';
import { locationBankMachine } from './location-bank.machine';

const update = 'ROLE_UPDATE_LOCATION_BANK' as const;

/** The location bank machine bound to location-banks (sustain capital: update location bank, one permission). */
export const locationBankWorkflow: RecordWorkflow = {
  resource: 'location-banks',
  stateField: 'status',
  machine: locationBankMachine,
  eventSchemas: locationBankEventSchemas,
  permissions: { RECORD_SITE_VISIT: update, NEGOTIATE: update, APPROVE: update, ALLOCATE: update, REJECT: update },
  contextOf: () => ({}),
};
