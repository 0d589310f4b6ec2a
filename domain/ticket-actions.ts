import { z } from 'zod';
import { ticketPriorities, ticketTags } from './resources/tickets/shared';
import { hasPermission, type Permission } from './permissions';

/** Base of the common ticket actions (the ticket service's admin/ticket). */
export const TICKET_ADMIN_PATH = '/ticket-service/admin/ticket';

const version = z.number({ error: 'Send the version you last saw' }).int().min(0);

/** assign-to: a staff user's id (null takes the assignment away). */
export const assignBodySchema = z.strictObject({ assignee: z.guid({ error: 'Choose a staff user' }).nullable(), version });
/** priority: one of the ticket priorities. */
export const priorityBodySchema = z.strictObject({ priority: z.enum(ticketPriorities, { error: 'Choose a priority' }), version });
/** due-date: a calendar date (YYYY-MM-DD; null clears it); the server refuses a date before the ticket was created. */
export const dueDateBodySchema = z.strictObject({ dueDate: z.iso.date({ error: 'Enter a date' }).nullable(), version });
/** tag: the whole tag list of the ticket (each from the fixed list, none twice). */
export const tagsBodySchema = z.strictObject({
  tags: z
    .array(z.enum(ticketTags, { error: 'Choose tags from the list' }))
    .max(ticketTags.length)
    .refine((tags) => new Set(tags).size === tags.length, { message: 'Each tag only once' }),
  version,
});

/** A field action: one field of the ticket set through its own route. */
export interface TicketFieldAction {
  kind: 'field';
  id: 'assign' | 'priority' | 'dueDate' | 'tags';
  label: string;
  permission: Permission;
  /** Last path segment of `POST /ticket-service/admin/ticket/:id/<path>`. */
  path: 'assign-to' | 'priority' | 'due-date' | 'tag';
  /** The ticket field it sets (also the body key). */
  field: 'assignee' | 'priority' | 'dueDate' | 'tags';
  bodySchema: z.ZodObject;
  /** Keyboard hint shown beside the action (and offered by the palette). */
  shortcut: string;
  /** Audit action name. */
  audit: string;
}

/** Close: the kind's CLOSE workflow event (through the generic transition route), offered where the workflow accepts it. */
export interface TicketCloseAction {
  kind: 'transition';
  id: 'close';
  label: string;
  permission: Permission;
  event: 'CLOSE';
  shortcut: string;
}

/** One common ticket action. */
export type TicketAction = TicketFieldAction | TicketCloseAction;

/** The common actions of every ticket kind, in the order the console shows them. */
export const ticketActions: readonly TicketAction[] = [
  { kind: 'field', id: 'assign', label: 'Assign', permission: 'ROLE_ASSIGN_TICKET', path: 'assign-to', field: 'assignee', bodySchema: assignBodySchema, shortcut: 'A', audit: 'assign' },
  { kind: 'field', id: 'priority', label: 'Priority', permission: 'ROLE_UPDATE_TICKET_PRIORITY', path: 'priority', field: 'priority', bodySchema: priorityBodySchema, shortcut: 'P', audit: 'set_priority' },
  { kind: 'field', id: 'dueDate', label: 'Due date', permission: 'ROLE_UPDATE_TICKET_DUE_DATE', path: 'due-date', field: 'dueDate', bodySchema: dueDateBodySchema, shortcut: 'D', audit: 'set_due_date' },
  { kind: 'field', id: 'tags', label: 'Tags', permission: 'ROLE_UPDATE_TICKET_TAGS', path: 'tag', field: 'tags', bodySchema: tagsBodySchema, shortcut: 'T', audit: 'set_tags' },
  { kind: 'transition', id: 'close', label: 'Close', permission: 'ROLE_CLOSE_TICKET', event: 'CLOSE', shortcut: 'C' },
];

/** The field actions (those with their own route). */
export const ticketFieldActions: readonly TicketFieldAction[] = ticketActions.filter((a): a is TicketFieldAction => a.kind === 'field');

/** The API path of a field action on a ticket. */
export function ticketActionPath(ticketId: string | number, action: TicketFieldAction): string {
  return `${TICKET_ADMIN_PATH}/${encodeURIComponent(String(ticketId))}/${action.path}`;
}

/** Base of the bulk ticket actions: `POST {TICKET_BULK_PATH}/{assign-to, priority, due-date, tag, close}`. */
export const TICKET_BULK_PATH = '/ticket-service/admin/ticket-bulk';

/** How a bulk Tags action changes each ticket's tags: set them to the list, add the list's tags, or remove them. */
export const bulkTagModes = ['set', 'add', 'remove'] as const;
export type BulkTagMode = (typeof bulkTagModes)[number];

/** The API path of a bulk ticket action (a field action, or Close). */
export function ticketBulkPath(action: TicketAction): string {
  return `${TICKET_BULK_PATH}/${action.kind === 'field' ? action.path : 'close'}`;
}

/** The tags a ticket ends up with after a bulk Tags action (its own order kept, added tags after them). */
export function bulkTags(current: readonly string[], sent: readonly string[], mode: BulkTagMode): string[] {
  if (mode === 'set') return [...sent];
  if (mode === 'remove') return current.filter((tag) => !sent.includes(tag));
  return [...current, ...sent.filter((tag) => !current.includes(tag))];
}

/**
 * The common actions the user may take on a ticket now: those their permissions allow; Close only when the kind's
 * workflow accepts CLOSE in the ticket's state (`closeAccepted`, asked of the machine by the caller: no closed
 * state accepts it).
 */
export function ticketActionsFor(permissions: readonly string[] | ReadonlySet<string>, closeAccepted: boolean): TicketAction[] {
  return ticketActions.filter((action) => {
    if (!hasPermission(permissions, action.permission)) return false;
    if (action.kind === 'transition') return closeAccepted;
    return true;
  });
}

/** The fragment of a ticket page that opens it at one action (`#ticket-action-assign`), as the palette links it. */
export function ticketActionAnchor(id: TicketAction['id']): string {
  return `ticket-action-${id}`;
}
