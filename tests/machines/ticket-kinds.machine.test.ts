import { describe, expect, it } from 'vitest';
import { bookingAnomalyMachine } from '@machines/booking-anomaly.machine';
import { bundleMachine } from '@machines/bundle.machine';
import { chargerApprovalMachine } from '@machines/charger-approval.machine';
import { chargerServicingMachine } from '@machines/charger-servicing.machine';
import { chargerServicingWorkflow } from '@machines/charger-servicing.workflow';
import { customerSupportMachine } from '@machines/customer-support.machine';
import { demoMachine } from '@machines/demo.machine';
import { hardwareServicingMachine } from '@machines/hardware-servicing.machine';
import type { ServicingContext } from '@machines/servicing.machine';
import { closeEventSchema, ticketReasonOf } from '@machines/ticket-close.events';
import { describeEverySimplePath } from './support/walk-paths';

const close = { type: 'CLOSE', closeReason: 'TEST_BOOKING', note: 'Raised by the QA team' };

describeEverySimplePath({
  machine: customerSupportMachine,
  events: [{ type: 'START_WORK' }, { type: 'WAIT_ON_CUSTOMER' }, { type: 'CUSTOMER_REPLIED' }, { type: 'RESOLVE' }, close],
});

describeEverySimplePath({
  machine: demoMachine,
  events: [{ type: 'SCHEDULE', demoAt: '2026-03-05T10:30:00.000Z' }, { type: 'COMPLETE' }, { type: 'CANCEL', reason: 'Host postponed' }, close],
});

describeEverySimplePath({
  machine: bundleMachine,
  events: [{ type: 'START' }, { type: 'COMPLETE' }, { type: 'CANCEL', reason: 'Investor withdrew' }, close],
});

describeEverySimplePath({
  machine: bookingAnomalyMachine,
  events: [{ type: 'START_REVIEW' }, { type: 'MARK_CORRECTED' }, { type: 'NO_ACTION_NEEDED' }, close],
});

describeEverySimplePath({
  machine: chargerApprovalMachine,
  events: [{ type: 'START_REVIEW' }, { type: 'APPROVE' }, { type: 'REJECT', reason: 'Unknown charger' }, close],
});

for (const machine of [hardwareServicingMachine, chargerServicingMachine]) {
  describeEverySimplePath({
    machine,
    events: [{ type: 'SET_AVAILABLE_DATE', availableDate: '2026-03-04' }, { type: 'SCHEDULE' }, { type: 'START_SERVICE' }, { type: 'COMPLETE' }, close],
    inputs: [
      { name: 'no available date yet', input: { hasAvailableDate: false } },
      { name: 'an available date', input: { hasAvailableDate: true } },
    ],
    // Nothing is scheduled, serviced or completed before the available date is known.
    invariant: (state, snapshot) => {
      if (['SCHEDULED', 'IN_SERVICE', 'COMPLETED'].includes(state)) expect((snapshot.context as ServicingContext).hasAvailableDate).toBe(true);
    },
  });
}

describe('ticket close and servicing rules', () => {
  it('accepts only the listed close reasons', () => {
    expect(closeEventSchema.safeParse(close).success).toBe(true);
    expect(closeEventSchema.safeParse({ type: 'CLOSE', closeReason: 'BORED' }).success).toBe(false);
    expect(closeEventSchema.safeParse({ type: 'CLOSE' }).success).toBe(false);
  });

  it('puts the close reason in words (and the note) in the audit reason', () => {
    expect(ticketReasonOf(close)).toBe('Test Booking: Raised by the QA team');
    expect(ticketReasonOf({ type: 'CLOSE', closeReason: 'FAULTY_READINGS' })).toBe('Charging Station is sending faulty readings');
    expect(ticketReasonOf({ type: 'CANCEL', reason: 'Host postponed' })).toBe('Host postponed');
  });

  it('refuses SCHEDULE without an available date, and says why', () => {
    const open = chargerServicingWorkflow.machine.resolveState({ value: 'OPEN', context: chargerServicingWorkflow.contextOf({ availableDate: null }) as never });
    expect(open.can({ type: 'SCHEDULE' })).toBe(false);
    expect(chargerServicingWorkflow.refusal?.('SCHEDULE', { availableDate: null })).toMatch(/available date first/);
    const dated = chargerServicingWorkflow.machine.resolveState({ value: 'OPEN', context: chargerServicingWorkflow.contextOf({ availableDate: '2026-03-04' }) as never });
    expect(dated.can({ type: 'SCHEDULE' })).toBe(true);
    expect(chargerServicingWorkflow.patchOf?.({ type: 'SET_AVAILABLE_DATE', availableDate: '2026-03-04' }, {})).toEqual({ availableDate: '2026-03-04' });
  });
});
