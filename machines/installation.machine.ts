import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { InstallationEvent } from './installation.events';

/**
 * Charger installation ticket: the form is filled (as often as needed), sent for approval, approved to ready for
 * installation (or rejected, with a reason), then installed. Any unfinished ticket can be force-closed with a
 * reason. State names are the record's status values.
 */
export const installationMachine = setup({
  types: { events: {} as InstallationEvent | EditEvent },
}).createMachine({
  id: 'chargerInstallation',
  initial: 'OPEN',
  states: {
    OPEN: { on: { ...editableIn('OPEN'), FILL_FORM: 'FORM_FILLED', FORCE_CLOSE: 'FORCE_CLOSED' } },
    FORM_FILLED: { on: { ...editableIn('FORM_FILLED'), FILL_FORM: 'FORM_FILLED', SEND_FOR_APPROVAL: 'SENT_FOR_APPROVAL', FORCE_CLOSE: 'FORCE_CLOSED' } },
    SENT_FOR_APPROVAL: { on: { APPROVE: 'READY_FOR_INSTALLATION', REJECT: 'REJECTED', FORCE_CLOSE: 'FORCE_CLOSED' } },
    READY_FOR_INSTALLATION: { on: { MARK_INSTALLED: 'INSTALLED', FORCE_CLOSE: 'FORCE_CLOSED' } },
    INSTALLED: { type: 'final' },
    REJECTED: { type: 'final' },
    FORCE_CLOSED: { type: 'final' },
  },
});
