import { assign, setup } from 'xstate';
import type { ServicingEvent } from './servicing.events';

/** The servicing machines' context: whether the ticket has an available date (the host computes it from the record). */
export interface ServicingContext {
  hasAvailableDate: boolean;
}

/** Words of the refusal of SCHEDULE without an available date. */
export const scheduleNeedsAvailableDate = 'Set the available date first: a servicing is scheduled from the date the equipment is available.';

/**
 * A servicing ticket (charger or hardware): the available date is set (and may change in any open state), the
 * servicing is scheduled once that date is known, started, then completed; closed with a close reason at any
 * point before. State names are the record's status values.
 */
export function createServicingMachine(id: string) {
  return setup({
    types: { context: {} as ServicingContext, events: {} as ServicingEvent, input: {} as ServicingContext },
    guards: {
      hasAvailableDate: ({ context }) => context.hasAvailableDate,
    },
    actions: {
      noteAvailableDate: assign({ hasAvailableDate: true }),
    },
  }).createMachine({
    id,
    initial: 'OPEN',
    context: ({ input }) => input,
    states: {
      OPEN: {
        on: {
          SET_AVAILABLE_DATE: { actions: 'noteAvailableDate' },
          SCHEDULE: { guard: 'hasAvailableDate', target: 'SCHEDULED' },
          CLOSE: 'CLOSED',
        },
      },
      SCHEDULED: { on: { SET_AVAILABLE_DATE: { actions: 'noteAvailableDate' }, START_SERVICE: 'IN_SERVICE', CLOSE: 'CLOSED' } },
      IN_SERVICE: { on: { SET_AVAILABLE_DATE: { actions: 'noteAvailableDate' }, COMPLETE: 'COMPLETED', CLOSE: 'CLOSED' } },
      COMPLETED: { type: 'final' },
      CLOSED: { type: 'final' },
    },
  });
}
