import { defineResource } from '@domain/resource/define-resource';
import { ticketStatuses, ticketKinds, kindStatusValues, commonFields, commonFilters, TM } from './shared';

/** Every closed status of any kind (a ticket in none of these is open). */
export const closedTicketStatuses: readonly string[] = [...new Set(Object.values(ticketStatuses).flatMap((s) => s.closed))];
const allStatusValues = [...new Set(ticketKinds.flatMap(kindStatusValues))];

/** Every ticket of every kind: the cross-kind lists (my tickets, today's, all open). */
export const ticketResource = defineResource({
  name: 'tickets',
  title: 'Ticket',
  plural: 'Tickets',
  service: '/ticket-service',
  path: 'my-ticket',
  table: 'tickets',
  labelField: 'title',
  createdByField: 'createdBy',
  fields: commonFields(allStatusValues, false),
  list: {
    columns: [
      { field: 'id' },
      { field: 'kind' },
      { field: 'title' },
      { field: 'status' },
      { field: 'priority' },
      { field: 'assignee' },
      { field: 'city' },
      { field: 'dueDate' },
      { field: 'tags', hidden: true },
      { field: 'createdBy', hidden: true },
      { field: 'createdAt' },
    ],
    filters: [{ field: 'kind', kind: 'select' }, ...commonFilters],
    sortable: ['createdAt', 'dueDate'],
  },
  search: { exact: ['id'], text: ['title'] },
  permissions: { view: 'ROLE_VIEW_ALL_TICKETS' },
  scopes: {
    mine: { title: 'My tickets', where: [{ field: 'assignee', op: 'isCurrentUser' }], permission: null },
    mineOpen: { title: 'My open tickets', where: [{ field: 'assignee', op: 'isCurrentUser' }, { field: 'status', op: 'notIn', values: closedTicketStatuses }], permission: null },
    today: {
      title: "Today's tickets",
      where: [{ field: 'assignee', op: 'isCurrentUser' }, { op: 'anyOf', conditions: [{ field: 'dueDate', op: 'today' }, { field: 'createdAt', op: 'today' }] }],
      permission: null,
    },
    open: { title: 'Open tickets', where: [{ field: 'status', op: 'notIn', values: closedTicketStatuses }] },
  },
  views: [
    { path: `${TM}/all-tickets`, title: 'My All Tickets', scope: 'mine' },
    { path: `${TM}/open-tickets`, title: 'My Open Tickets', scope: 'mineOpen' },
    { path: `${TM}/today-tickets`, title: "Today's Tickets", scope: 'today' },
    { path: `${TM}/open`, title: 'All Open Tickets', scope: 'open' },
  ],
  detailPath: `${TM}/tickets/:id`,
});
