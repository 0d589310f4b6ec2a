import { assign, setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { DeliveryEvent } from './delivery.events';

/** The delivery machine's context: whether the ticket has items, and what its type data lacks (labels). */
export interface DeliveryContext {
  hasItems: boolean;
  /** Words naming what the delivery type's data is missing or holds wrongly (empty when complete). */
  typeDataProblems: readonly string[];
}

/**
 * Delivery ticket: items are added while it is open, it is packed (only with items and complete type data),
 * dispatched with a courier and AWB number, then delivered; a failed delivery is retried (back in transit) or the
 * goods are returned. An open or packed delivery can be cancelled with a reason. State names are the status values.
 */
export const deliveryMachine = setup({
  types: { context: {} as DeliveryContext, events: {} as DeliveryEvent | EditEvent, input: {} as DeliveryContext },
  guards: {
    readyToPack: ({ context }) => context.hasItems && context.typeDataProblems.length === 0,
  },
  actions: {
    rememberItem: assign({ hasItems: true }),
  },
}).createMachine({
  id: 'delivery',
  initial: 'OPEN',
  context: ({ input }) => input,
  states: {
    OPEN: {
      on: {
        ...editableIn('OPEN'),
        ADD_ITEM: { target: 'OPEN', actions: 'rememberItem' },
        PACK: { guard: 'readyToPack', target: 'PACKED' },
        CANCEL: 'CANCELLED',
      },
    },
    PACKED: { on: { ...editableIn('PACKED'), DISPATCH: 'IN_TRANSIT', CANCEL: 'CANCELLED' } },
    IN_TRANSIT: { on: { ...editableIn('IN_TRANSIT'), MARK_DELIVERED: 'DELIVERED', MARK_FAILED: 'DELIVERY_FAILED' } },
    DELIVERY_FAILED: { on: { ...editableIn('DELIVERY_FAILED'), RETRY_DELIVERY: 'IN_TRANSIT', RETURN: 'RETURNED' } },
    DELIVERED: { type: 'final' },
    RETURNED: { type: 'final' },
    CANCELLED: { type: 'final' },
  },
});
