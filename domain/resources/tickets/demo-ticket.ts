import { f } from '@domain/resource/field';
import { kindResource, TM } from './shared';

/** Demo: a charger demonstration for a prospective host or fleet. */
export const demoTicketResource = kindResource({
  kind: 'DEMO',
  owned: { demoAt: 'the Schedule event' },
  name: 'demo-tickets',
  title: 'Demo ticket',
  plural: 'Demo tickets',
  path: 'demo-ticket',
  fields: {
    contactName: f.text('Contact name', { required: true, max: 120 }),
    contactPhone: f.phone('Contact phone', { required: true }),
    demoAt: f.datetime('Demo at'),
    address: f.longText('Address', { max: 500 }),
  },
  columns: ['contactName', 'contactPhone', 'demoAt'],
  exact: ['contactPhone'],
  view: 'ROLE_VIEW_DEMO_TICKETS',
  create: 'ROLE_ADD_DEMO_TICKET',
  update: 'ROLE_UPDATE_DEMO_TICKET',
  views: [
    { path: `${TM}/demo-tickets`, title: 'All Demo Tickets' },
    { path: `${TM}/demo-tickets/open`, title: 'Open Demo Tickets', scope: 'open' },
  ],
  detailPath: `${TM}/demo-tickets/:id`,
});
