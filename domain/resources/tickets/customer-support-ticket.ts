import { f, optionsOf } from '@domain/resource/field';
import { kindResource, TM } from './shared';

/** Categories of a customer support ticket. */
export const supportCategories = ['CHARGING_FAILED', 'REFUND', 'BILLING', 'APP_ISSUE', 'RFID', 'OTHER'] as const;

/** Customer support: a driver's or host's complaint or question. */
export const customerSupportTicketResource = kindResource({
  kind: 'CUSTOMER_SUPPORT',
  name: 'customer-support-tickets',
  title: 'Customer support ticket',
  plural: 'Customer support tickets',
  path: 'customer-support',
  fields: {
    customerPhone: f.phone('Customer phone', { required: true }),
    category: f.choice('Category', optionsOf(supportCategories), { required: true, display: 'badge' }),
    booking: f.relation('Booking', 'bookings'),
  },
  columns: ['customerPhone', 'category', 'booking'],
  hiddenColumns: ['booking'],
  exact: ['customerPhone'],
  view: 'ROLE_VIEW_CUSTOMER_SUPPORT_TICKETS',
  create: 'ROLE_ADD_CUSTOMER_SUPPORT_TICKET',
  update: 'ROLE_UPDATE_CUSTOMER_SUPPORT_TICKET',
  views: [
    { path: `${TM}/customer-support-tickets/all-tickets`, title: 'All Customer Support Tickets' },
    { path: `${TM}/customer-support-tickets/open-tickets`, title: 'Open Customer Support Tickets', scope: 'open' },
  ],
  createPath: `${TM}/customer-support-tickets/add`,
  detailPath: `${TM}/customer-support-tickets/:id`,
});
