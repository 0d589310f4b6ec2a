import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { BookingEvent } from '@machines/booking.events';
import { bookingEventSchemas } from '@machines/booking.events';
import { bookingMachine } from '@machines/booking.machine';
import { describeEverySimplePath } from './support/walk-paths';

const events: BookingEvent[] = [
  { type: 'START' },
  { type: 'PAUSE' },
  { type: 'RESUME' },
  { type: 'COMPLETE' },
  { type: 'STOP' },
  { type: 'FAIL' },
  { type: 'CANCEL', reason: 'Driver asked to cancel' },
  { type: 'CLOSE_SESSION', reason: 'Charger lost the session' },
  { type: 'CORRECT_UTILIZATION', energyWh: 12_000, reason: 'Meter reading was wrong' },
];

describeEverySimplePath({ machine: bookingMachine, events: events as never });

describe('closing a session the charger will not end', () => {
  const stateAfter = (sent: BookingEvent[]) => {
    const actor = createActor(bookingMachine).start();
    for (const e of sent) actor.send(e);
    return actor.getSnapshot();
  };
  const close: BookingEvent = { type: 'CLOSE_SESSION', reason: 'No StopTransaction came' };

  it('completes a charging or a paused booking', () => {
    expect(stateAfter([{ type: 'START' }, close]).value).toBe('COMPLETED');
    expect(stateAfter([{ type: 'START' }, { type: 'PAUSE' }, close]).value).toBe('COMPLETED');
  });

  it('is refused before the session starts and once it ended', () => {
    expect(stateAfter([]).can(close)).toBe(false);
    expect(stateAfter([{ type: 'START' }, { type: 'COMPLETE' }]).can(close)).toBe(false);
    expect(stateAfter([{ type: 'START' }, { type: 'STOP' }]).can(close)).toBe(false);
  });

  it('takes a reason and, optionally, the energy in Wh within the correction bounds', () => {
    const schema = bookingEventSchemas.CLOSE_SESSION;
    expect(schema.safeParse({ type: 'CLOSE_SESSION', reason: 'Lost' }).success).toBe(true);
    expect(schema.safeParse({ type: 'CLOSE_SESSION', reason: 'Lost', energyWh: 12_400 }).success).toBe(true);
    expect(schema.safeParse({ type: 'CLOSE_SESSION', reason: 'Lost', energyWh: -1 }).success).toBe(false);
    expect(schema.safeParse({ type: 'CLOSE_SESSION', reason: 'Lost', energyWh: 500_001 }).success).toBe(false);
    expect(schema.safeParse({ type: 'CLOSE_SESSION', reason: 'Lost', energyWh: 1.5 }).success).toBe(false);
    expect(schema.safeParse({ type: 'CLOSE_SESSION' }).success).toBe(false);
  });
});
