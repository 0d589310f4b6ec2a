import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { FM } from './shared';

/** The bookings a settlement pays a host for: one row per booking, and a booking is settled at most once (unique). */
export const settlementBookingResource = defineResource({
  name: 'settlement-bookings',
  title: 'Settled booking',
  plural: 'Settled bookings',
  service: '/pw-service',
  path: 'settlement-booking',
  table: 'settlement_bookings',
  labelField: 'bookingId',
  fields: {
    bookingId: f.relation('Booking', 'bookings', { required: true, unique: true }),
    settlementId: f.relation('Settlement', 'settlements', { required: true }),
    hostId: f.relation('Host', 'users', { idType: 'uuid', required: true }),
    grossAmount: f.money('Gross amount', { required: true }),
    commission: f.money('Commission', { required: true }),
    gst: f.money('GST', { required: true }),
    netPayable: f.money('Net payable', { required: true }),
  },
  list: {
    columns: [{ field: 'bookingId' }, { field: 'grossAmount' }, { field: 'commission' }, { field: 'gst' }, { field: 'netPayable' }, { field: 'settlementId' }, { field: 'hostId', hidden: true }, { field: 'createdAt', hidden: true }],
    filters: [
      { field: 'settlementId', kind: 'relation' },
      { field: 'bookingId', kind: 'relation' },
      { field: 'hostId', kind: 'relation' },
    ],
  },
  search: { exact: ['bookingId', 'settlementId'] },
  permissions: { view: 'ROLE_VIEW_SETTLEMENT' },
  views: [{ path: `${FM}/settlement-history/bookings`, title: 'Settled bookings' }],
  readOnly: true,
});
