import type { RecordWorkflow } from './record-workflow';
import { installationEventSchemas } from './installation.events';
import { installationMachine } from './installation.machine';

/** The installation machine bound to charger installation tickets (each event names the permission it needs). */
export const installationWorkflow: RecordWorkflow = {
  resource: 'installation-tickets',
  stateField: 'status',
  machine: installationMachine,
  eventSchemas: installationEventSchemas,
  permissions: {
    FILL_FORM: 'ROLE_FILL_CHARGER_INSTALLATION_FORM',
    SEND_FOR_APPROVAL: 'ROLE_SEND_CHARGER_INSTALLATION_FOR_APPROVAL',
    APPROVE: 'ROLE_MARK_READY_FOR_INSTALLATION',
    REJECT: 'ROLE_REJECT_CHARGER_INSTALLATION',
    MARK_INSTALLED: 'ROLE_FILL_CHARGER_INSTALLATION_FORM',
    FORCE_CLOSE: 'ROLE_FORCE_CLOSE_CHARGER_INSTALLATION',
  },
  contextOf: () => ({}),
  patchOf: (event) => {
    if (event.type !== 'FILL_FORM') return {};
    const { type: _type, ...form } = event;
    return form;
  },
};
