import type { Permission } from '@domain/permissions';
import type { RecordWorkflow } from './record-workflow';
import { servicingEventSchemas } from './servicing.events';
import { scheduleNeedsAvailableDate, type createServicingMachine } from './servicing.machine';
import { closePatch, ticketReasonOf } from './ticket-close.events';

/** Binds a servicing machine to its resource: setting the date and scheduling need `setDate`, the work `complete`. */
export function servicingWorkflow(resource: string, machine: ReturnType<typeof createServicingMachine>, setDate: Permission, complete: Permission): RecordWorkflow {
  return {
    resource,
    stateField: 'status',
    machine,
    eventSchemas: servicingEventSchemas,
    permissions: { SET_AVAILABLE_DATE: setDate, SCHEDULE: setDate, START_SERVICE: complete, COMPLETE: complete, CLOSE: 'ROLE_CLOSE_TICKET' },
    contextOf: (record) => ({ hasAvailableDate: typeof record.availableDate === 'string' && record.availableDate !== '' }),
    patchOf: (event) => (event.type === 'SET_AVAILABLE_DATE' ? { availableDate: event.availableDate } : closePatch(event)),
    refusal: (eventType, record) => (eventType === 'SCHEDULE' && !record.availableDate ? scheduleNeedsAvailableDate : undefined),
    reasonOf: ticketReasonOf,
  };
}
