import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { HostSupportRequestEvent } from './host-support-request.events';

/**
 * A host's support request: OPEN until someone STARTs on it, IN_PROGRESS until RESOLVEd with a resolution note,
 * RESOLVED until the host confirms (CLOSE) or it comes back (REOPEN, with a reason, to IN_PROGRESS). A request that
 * needs no work (a duplicate, raised by mistake) is CLOSEd straight from OPEN; every CLOSE says why. Subject,
 * description and priority stay editable until the request is resolved. State names are the request's `status`.
 */
export const hostSupportRequestMachine = setup({
  types: { events: {} as HostSupportRequestEvent | EditEvent },
}).createMachine({
  id: 'hostSupportRequest',
  initial: 'OPEN',
  states: {
    OPEN: { on: { ...editableIn('OPEN'), START: 'IN_PROGRESS', CLOSE: 'CLOSED' } },
    IN_PROGRESS: { on: { ...editableIn('IN_PROGRESS'), RESOLVE: 'RESOLVED' } },
    RESOLVED: { on: { REOPEN: 'IN_PROGRESS', CLOSE: 'CLOSED' } },
    CLOSED: { type: 'final' },
  },
});
