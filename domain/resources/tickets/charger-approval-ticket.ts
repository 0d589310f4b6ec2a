import { f, optionsOf } from '@domain/resource/field';
import { kindResource, TM } from './shared';

/** What a charger approval ticket asks to approve. */
export const approvalTypes = ['NEW_CHARGER', 'LOCATION_CHANGE', 'TARIFF_CHANGE', 'OWNERSHIP_CHANGE'] as const;

/** Charger approvals: a new charger or a change to one waiting for sign-off. */
export const chargerApprovalTicketResource = kindResource({
  kind: 'CHARGER_APPROVAL',
  name: 'charger-approval-tickets',
  title: 'Charger approval ticket',
  plural: 'Charger approval tickets',
  path: 'charger-approval',
  fields: {
    approvalType: f.choice('Approval for', optionsOf(approvalTypes), { required: true, display: 'badge' }),
    uniqueId: f.code('Charger unique id', { max: 64 }),
  },
  columns: ['approvalType', 'charger'],
  exact: ['uniqueId'],
  view: 'ROLE_VIEW_CHARGER_APPROVAL_TICKETS',
  update: 'ROLE_UPDATE_CHARGER_APPROVAL_TICKET',
  views: [
    { path: `${TM}/charger-approval-tickets`, title: 'All Charger Approval Tickets' },
    { path: `${TM}/charger-approval-tickets/open`, title: 'Open Charger Approval Tickets', scope: 'open' },
  ],
  detailPath: `${TM}/charger-approval-tickets/:id`,
});
