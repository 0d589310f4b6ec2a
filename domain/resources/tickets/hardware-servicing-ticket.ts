import { f, optionsOf } from '@domain/resource/field';
import { kindResource, servicingIssues, CM } from './shared';

/** Hardware servicing: a faulty device sent for repair. */
export const hardwareServicingTicketResource = kindResource({
  kind: 'HARDWARE_SERVICING',
  owned: { availableDate: 'the Set available date event' },
  name: 'hardware-servicing-tickets',
  title: 'Hardware servicing ticket',
  plural: 'Hardware servicing tickets',
  path: 'hardware-servicing',
  fields: {
    hardware: f.relation('Hardware', 'hardware'),
    issue: f.choice('Issue', optionsOf(servicingIssues), { required: true, display: 'text' }),
    availableDate: f.date('Available from'),
  },
  columns: ['hardware', 'issue', 'availableDate'],
  view: 'ROLE_VIEW_ALL_HARDWARE_SERVICING_TICKETS',
  openView: 'ROLE_VIEW_OPEN_HARDWARE_SERVICING_TICKETS',
  // The available date and the status move only through the servicing machine (SET_AVAILABLE_DATE and the rest).
  views: [
    { path: `${CM}/servicing-required/hardware-management/all-tickets`, title: 'All Hardware Servicing Tickets' },
    { path: `${CM}/servicing-required/hardware-management/open-tickets`, title: 'Open Hardware Servicing Tickets', scope: 'open' },
  ],
  detailPath: `${CM}/servicing-required/hardware-management/tickets/:id`,
});
