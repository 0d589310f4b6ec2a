import { f, optionsOf } from '@domain/resource/field';
import { kindResource, TM } from './shared';

/** Kinds of booking utilization anomaly. */
export const anomalyTypes = ['ZERO_ENERGY', 'EXCESS_ENERGY', 'LONG_IDLE_SESSION', 'METER_READING_MISMATCH', 'DUPLICATE_BOOKING', 'ABRUPT_STOP'] as const;

/** Booking utilization anomalies: a booking whose energy or duration looks wrong. */
export const bookingAnomalyTicketResource = kindResource({
  kind: 'BOOKING_UTILIZATION_ANOMALY',
  name: 'booking-utilization-tickets',
  title: 'Booking utilization anomaly',
  plural: 'Booking utilization anomalies',
  path: 'booking-utilization-anomaly',
  fields: {
    booking: f.relation('Booking', 'bookings'),
    anomalyType: f.choice('Anomaly', optionsOf(anomalyTypes), { required: true, display: 'badge' }),
    billedEnergy: f.energy('Billed energy'),
    meteredEnergy: f.energy('Metered energy'),
  },
  columns: ['booking', 'anomalyType', 'billedEnergy', 'meteredEnergy'],
  hiddenColumns: ['dueDate'],
  view: 'ROLE_VIEW_BOOKING_ANOMALY_TICKETS',
  create: 'ROLE_ADD_BOOKING_ANOMALY_TICKET',
  update: 'ROLE_UPDATE_BOOKING_ANOMALY_TICKET',
  views: [
    { path: `${TM}/booking-utilization-tickets`, title: 'All Booking Utilization Anomalies' },
    { path: `${TM}/booking-utilization-tickets/open`, title: 'Open Booking Utilization Anomalies', scope: 'open' },
  ],
  detailPath: `${TM}/booking-utilization-tickets/:id`,
});
