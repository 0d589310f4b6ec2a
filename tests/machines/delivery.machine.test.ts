import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { DeliveryEvent } from '@machines/delivery.events';
import { deliveryMachine, type DeliveryContext } from '@machines/delivery.machine';
import { deliveryContextOf, deliveryWorkflow } from '@machines/delivery.workflow';
import { describeEverySimplePath } from './support/walk-paths';

const events: DeliveryEvent[] = [
  { type: 'ADD_ITEM', name: '7.4 kW AC charger', quantity: 1, serialNumber: 'CZ-AC-0001' },
  { type: 'PACK' },
  { type: 'DISPATCH', courier: 'DELHIVERY', awbNumber: 'AWB0000000042' },
  { type: 'MARK_DELIVERED' },
  { type: 'MARK_FAILED', reason: 'Consignee not available' },
  { type: 'RETRY_DELIVERY' },
  { type: 'RETURN', reason: 'Refused by the host' },
  { type: 'CANCEL', reason: 'Order cancelled' },
];

describeEverySimplePath({
  machine: deliveryMachine,
  events: events as never,
  inputs: [{ name: 'a delivery with its order', input: { hasItems: false, typeDataProblems: [] } }],
  // Nothing is packed (or goes further) without items and complete type data.
  invariant: (state, snapshot) => {
    const context = snapshot.context as DeliveryContext;
    if (!['OPEN', 'CANCELLED'].includes(state)) {
      expect(context.hasItems).toBe(true);
      expect(context.typeDataProblems).toEqual([]);
    }
  },
});

describe('delivery workflow', () => {
  const order = { status: 'OPEN', deliveryTicketType: 'ORDER_DELIVERY', orderId: 7, consignmentId: null, chargerServicingTicketId: null };

  it('refuses PACK with named reasons: no items, then missing type data', () => {
    expect(deliveryWorkflow.refusal!('PACK', { ...order, items: [] })).toBe('Add at least one item before packing.');
    expect(deliveryWorkflow.refusal!('PACK', { ...order, orderId: null, items: [{ name: 'x', quantity: 1 }] })).toBe('This order delivery needs its order.');
    expect(deliveryWorkflow.refusal!('PACK', { ...order, items: [{ name: 'x', quantity: 1 }] })).toBeUndefined();
  });

  it('packs once an item is added (the machine remembers it)', () => {
    const actor = createActor(deliveryMachine, { input: deliveryContextOf({ ...order, items: [] }) }).start();
    actor.send({ type: 'PACK' });
    expect(actor.getSnapshot().value).toBe('OPEN');
    actor.send(events[0]!);
    actor.send({ type: 'PACK' });
    expect(actor.getSnapshot().value).toBe('PACKED');
  });

  it('never packs a delivery whose type data is missing, items or not', () => {
    const actor = createActor(deliveryMachine, { input: deliveryContextOf({ ...order, orderId: null, items: [] }) }).start();
    actor.send(events[0]!);
    actor.send({ type: 'PACK' });
    expect(actor.getSnapshot().value).toBe('OPEN');
    expect(actor.getSnapshot().can({ type: 'CANCEL', reason: 'Wrong order' })).toBe(true);
  });

  it('appends items and sets courier and AWB number on dispatch', () => {
    const patch = deliveryWorkflow.patchOf!({ type: 'ADD_ITEM', name: 'Cable', quantity: 2 }, { items: [{ name: 'Charger', quantity: 1, serialNumber: 'S1' }] });
    expect(patch).toEqual({ items: [{ name: 'Charger', quantity: 1, serialNumber: 'S1' }, { name: 'Cable', quantity: 2, serialNumber: null }] });
    expect(deliveryWorkflow.patchOf!({ type: 'DISPATCH', courier: 'DTDC', awbNumber: 'A1' }, {})).toEqual({ courier: 'DTDC', awbNumber: 'A1' });
  });
});
