import type { BookingEvent } from '@machines/booking.events';
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
  { type: 'CORRECT_UTILIZATION', energyWh: 12_000, reason: 'Meter reading was wrong' },
];

describeEverySimplePath({ machine: bookingMachine, events: events as never });
