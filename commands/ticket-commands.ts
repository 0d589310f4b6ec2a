import { ticketActionAnchor, ticketActionsFor } from '@domain/ticket-actions';
import type { Command } from './command';
import type { RecordActionSource } from './record-commands';

const titles: Readonly<Record<string, string>> = { assign: 'Assign this ticket', priority: 'Change priority', dueDate: 'Set due date', tags: 'Change tags', close: 'Close this ticket' };

/**
 * The common ticket actions (assign, priority, due date, tags, close) on a ticket's detail page, each only when
 * permitted; each opens the ticket's detail page at that action (focused). Close is offered whenever permitted: the
 * panel itself checks the workflow.
 */
export const ticketRecordActions: RecordActionSource = (ctx, record) => {
  if (!record.resource.name.endsWith('tickets')) return [];
  const page = record.resource.detailPath.replace(':id', encodeURIComponent(record.id));
  return ticketActionsFor(ctx.permissions, true).map((action): Command => {
    const href = `${page}#${ticketActionAnchor(action.id)}`;
    return {
      id: `record:${record.resource.name}:${record.id}:ticket:${action.id}`,
      title: titles[action.id] ?? action.label,
      group: 'Ticket',
      keywords: [action.label.toLowerCase(), 'ticket'],
      shortcut: action.shortcut,
      permission: action.permission,
      kind: 'action',
      href,
      run: (c) => c.navigate(href),
    };
  });
};
