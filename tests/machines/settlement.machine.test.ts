import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { SettlementEvent } from '@machines/settlement.events';
import { settlementMachine, type SettlementContext } from '@machines/settlement.machine';
import { settlementWorkflow } from '@machines/settlement.workflow';
import { describeEverySimplePath } from './support/walk-paths';

const events: SettlementEvent[] = [
  { type: 'SETTLE_BOOKING', bookingId: 101 },
  { type: 'SUBMIT' },
  { type: 'NOTIFY' },
  { type: 'MARK_SUCCESS', utrReference: 'UTIBN00000000001' },
  { type: 'SETTLE_IMMEDIATELY', utrReference: 'UTIBN00000000002' },
  { type: 'REJECT', reason: 'Bank account does not match KYC' },
];

describeEverySimplePath({
  machine: settlementMachine,
  events: events as never,
  inputs: [
    { name: 'an empty draft', input: { hasBookings: false } },
    { name: 'a draft with bookings', input: { hasBookings: true } },
  ],
  // Nothing leaves the draft without a booking in it.
  invariant: (state, snapshot) => {
    if (state !== 'DRAFT' && state !== 'REJECTED') expect((snapshot.context as SettlementContext).hasBookings).toBe(true);
  },
});

describe('settlement machine', () => {
  it('refuses to submit an empty draft, and says why', () => {
    const actor = createActor(settlementMachine, { input: { hasBookings: false } }).start();
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    expect(settlementWorkflow.refusal?.('SUBMIT', { bookingsCount: 0 })).toBe('Settle at least one booking before submitting.');
    actor.send({ type: 'SETTLE_BOOKING', bookingId: 7 });
    expect(actor.getSnapshot().context.hasBookings).toBe(true);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('PENDING_APPROVAL');
    expect(settlementWorkflow.refusal?.('SUBMIT', { bookingsCount: 1 })).toBeUndefined();
  });

  it('names a permission for every event, and the UTR for both ways to success', () => {
    expect(Object.keys(settlementWorkflow.permissions).sort()).toEqual(Object.keys(settlementWorkflow.eventSchemas).sort());
    expect(settlementWorkflow.patchOf?.({ type: 'MARK_SUCCESS', utrReference: 'UTR1' }, {})).toEqual({ utrReference: 'UTR1' });
    expect(settlementWorkflow.patchOf?.({ type: 'SETTLE_BOOKING', bookingId: 1 }, {})).toEqual({});
  });
});
