import { ticketResource } from '@domain/resources/tickets/ticket';
import { resources } from '@domain/resource/registry';
import type { ResourceExtension } from '@resources/resource-extension';
import { ticketBulkActions } from './ticket-bulk-actions';
import { TicketCloseButton } from './ticket-close';
import { TicketHistory } from './ticket-history';
import { TicketPropertiesScope, TicketProperty, ticketPropertyFields } from './ticket-properties';
import { TicketSource } from './ticket-source';

/** A ticket's source fields, shown in its Source section. */
const TICKET_SOURCE_FIELDS = ['sourceType', 'sourceId', 'sourceName', 'sourceUser', 'sourceDeliveryTicket'];

/** A ticket's own properties, first in its properties panel (the first four edited in place). */
const TICKET_FIRST_FIELDS = ['assignee', 'priority', 'dueDate', 'tags', 'closeReason', 'createdBy'];

/**
 * What every ticket page and list has, of every kind and on the cross-kind lists: the common actions (assign,
 * priority, due date and tags edited in place, Close with its reasons in the workflow bar and on a selection), the
 * source section, and the comments in the history.
 */
export const ticketExtension: ResourceExtension = {
  feature: 'ticket-actions',
  appliesTo: (resource) => resource.table === ticketResource.table,
  record: {
    // The line above the title names a ticket's kind; the source has its own section.
    shownElsewhere: [...TICKET_SOURCE_FIELDS, 'kind'],
    // A close reason means something once the ticket is closed; before that it is an empty row.
    propertySections: [{ title: 'Ticket', fields: TICKET_FIRST_FIELDS, onlyWhenSet: ['closeReason'] }],
    properties: { fields: ticketPropertyFields, component: TicketProperty },
    propertiesScope: TicketPropertiesScope,
    sidePanels: [TicketSource],
    // Close is offered on its own terms (with the close reasons), beside the workflow's other events.
    workflowEvents: ['CLOSE'],
    workflowActions: [TicketCloseButton],
    history: TicketHistory,
  },
  list: {
    bulkActions: ticketBulkActions,
    bulkEvents: ['CLOSE'],
    // A ticket shows in its kind's lists and in the cross-kind ones.
    sameRecords: () => resources.filter((r) => r.table === ticketResource.table),
  },
};
