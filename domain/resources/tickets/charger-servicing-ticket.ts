import { f, optionsOf } from '@domain/resource/field';
import { kindResource, servicingIssues, CM } from './shared';

/** Charger servicing: a charger in the field that needs a technician. */
export const chargerServicingTicketResource = kindResource({
  kind: 'CHARGER_SERVICING',
  owned: { availableDate: 'the Set available date event' },
  name: 'charger-servicing-tickets',
  title: 'Charger servicing ticket',
  plural: 'Charger servicing tickets',
  path: 'charger-servicing',
  fields: {
    issue: f.choice('Issue', optionsOf(servicingIssues), { required: true, display: 'text' }),
    availableDate: f.date('Available from'),
  },
  columns: ['charger', 'issue', 'availableDate'],
  view: 'ROLE_VIEW_ALL_CHARGER_SERVICING_TICKETS',
  openView: 'ROLE_VIEW_OPEN_CHARGER_SERVICING_TICKETS',
  // The available date and the status move only through the servicing machine (SET_AVAILABLE_DATE and the rest).
  views: [
    { path: `${CM}/servicing-required`, title: 'All Charger Servicing Tickets' },
    { path: `${CM}/servicing-required/open`, title: 'Open Charger Servicing Tickets', scope: 'open' },
  ],
  detailPath: `${CM}/servicing-required/tickets/:id`,
  related: [{ resource: 'delivery-tickets', field: 'chargerServicingTicketId', title: 'Deliveries' }],
});
