import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { OrderEvent } from './order.events';

/**
 * A charger order: placed, confirmed, packed, shipped, delivered; cancelled with a reason until it ships. Its tags
 * and assignee can be edited until it is delivered or cancelled. State names are the record's status values.
 */
export const orderMachine = setup({
  types: { events: {} as OrderEvent | EditEvent },
}).createMachine({
  id: 'order',
  initial: 'PLACED',
  states: {
    PLACED: { on: { ...editableIn('PLACED'), CONFIRM: 'CONFIRMED', CANCEL: 'CANCELLED' } },
    CONFIRMED: { on: { ...editableIn('CONFIRMED'), PACK: 'PACKED', CANCEL: 'CANCELLED' } },
    PACKED: { on: { ...editableIn('PACKED'), SHIP: 'SHIPPED', CANCEL: 'CANCELLED' } },
    SHIPPED: { on: { ...editableIn('SHIPPED'), MARK_DELIVERED: 'DELIVERED' } },
    DELIVERED: { type: 'final' },
    CANCELLED: { type: 'final' },
  },
});
