import type { Resource } from '@domain/resource/define-resource';
import type { FieldDef } from '@domain/resource/field';
import { hasPermission } from '@domain/permissions';
import { ticketActions, type TicketAction } from '@domain/ticket-actions';
import type { RecordWorkflow } from '@machines/record-workflow';
import { workflowOf } from '@machines/workflow-registry';

/** One payload field of a bulk workflow event: a choice (its options) asked once for every record. */
export interface BulkEventField {
  name: string;
  def: FieldDef;
  required: boolean;
}

/** A workflow event a list offers on its selection. */
export interface BulkEvent {
  type: string;
  fields: BulkEventField[];
}

/** What a list offers to do with its selection, for this user: empty everywhere means no selection at all. */
export interface BulkOffer {
  activate: boolean;
  /** The common ticket actions (ticket lists only), Close included. */
  ticket: TicketAction[];
  workflow?: RecordWorkflow;
  /** The workflow's events that need no payload or only choices (a free-text or file payload is asked per record). */
  events: BulkEvent[];
}

/** True when the list has something to do with a selection. */
export function hasBulkActions(offer: BulkOffer): boolean {
  return offer.activate || offer.ticket.length > 0 || offer.events.length > 0;
}

/** The payload fields of an event if every one is a choice or optional (optional free text is left out), else null. */
function choiceFields(workflow: RecordWorkflow, resource: Resource, type: string): BulkEventField[] | null {
  const schema = workflow.eventSchemas[type]!;
  const fields: BulkEventField[] = [];
  for (const [name, field] of Object.entries(schema.shape)) {
    if (name === 'type') continue;
    const required = !(field as { safeParse(v: unknown): { success: boolean } }).safeParse(undefined).success;
    const def = workflow.eventFields?.[name] ?? resource.allFields[name];
    if (def?.inputKind === 'select' && def.options && def.options.length > 0) fields.push({ name, def, required });
    else if (required) return null;
  }
  return fields;
}

/**
 * The bulk actions of a list for a user: activate/inactivate where the resource has them, the common ticket actions
 * on ticket lists, and the workflow's staff events that need no payload or only choices (Close of a ticket is the
 * ticket action). Each needs the user's permission; the server checks every record again.
 */
export function bulkOfferFor(resource: Resource, permissions: readonly string[] | ReadonlySet<string>): BulkOffer {
  const activate = Boolean(resource.activeField && resource.permissions.activate && hasPermission(permissions, resource.permissions.activate));
  const tickets = resource.table === 'tickets';
  const ticket = tickets ? ticketActions.filter((a) => hasPermission(permissions, a.permission)) : [];
  const workflow = workflowOf(resource.name);
  const events: BulkEvent[] = [];
  if (workflow && !workflow.ownerField) {
    for (const type of Object.keys(workflow.eventSchemas)) {
      if ((tickets && type === 'CLOSE') || !hasPermission(permissions, workflow.permissions[type]!)) continue;
      const fields = choiceFields(workflow, resource, type);
      if (fields) events.push({ type, fields });
    }
  }
  return { activate, ticket, ...(workflow ? { workflow } : {}), events };
}
