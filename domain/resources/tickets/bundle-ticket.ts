import { f } from '@domain/resource/field';
import { kindResource, TM } from './shared';

/** Bundle management: putting a bundle of chargers together for an investor. */
export const bundleTicketResource = kindResource({
  kind: 'BUNDLE',
  name: 'bundle-management-tickets',
  title: 'Bundle management ticket',
  plural: 'Bundle management tickets',
  path: 'investment-bundle-ticket',
  fields: {
    bundleName: f.text('Bundle name', { required: true, max: 120 }),
    numberOfChargers: f.int('Number of chargers', { min: 1, max: 10_000 }),
    bundleAmount: f.money('Bundle amount'),
    investorName: f.text('Investor name', { max: 120 }),
    contactPhone: f.phone('Contact phone'),
  },
  columns: ['bundleName', 'numberOfChargers', 'bundleAmount', 'investorName'],
  hiddenColumns: ['dueDate'],
  exact: ['contactPhone'],
  text: ['bundleName'],
  view: 'ROLE_VIEW_BUNDLE_TICKETS',
  create: 'ROLE_ADD_BUNDLE_TICKET',
  update: 'ROLE_UPDATE_BUNDLE_TICKET',
  views: [
    { path: `${TM}/bundle-management-tickets`, title: 'All Bundle Management Tickets' },
    { path: `${TM}/bundle-management-tickets/open`, title: 'Open Bundle Management Tickets', scope: 'open' },
  ],
  detailPath: `${TM}/bundle-management-tickets/:id`,
});
