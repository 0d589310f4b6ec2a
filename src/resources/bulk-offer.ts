import type { Resource } from '@domain/resource/define-resource';
import type { FieldDef } from '@domain/resource/field';
import { hasPermission } from '@domain/permissions';
import type { RecordWorkflow } from '@machines/record-workflow';
import { workflowOf } from '@machines/workflow-registry';
import { extensionsFor, type BulkAction, type ResourceExtension } from './resource-extension';

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
  /** The actions the features declare for this list (a ticket list's common actions, Close included). */
  actions: BulkAction[];
  workflow?: RecordWorkflow;
  /** The workflow's events that need no payload or only choices (a free-text or file payload is asked per record). */
  events: BulkEvent[];
  /** Resources whose lists show the same records: read again after a change. */
  sameRecords: readonly Resource[];
}

/** True when the list has something to do with a selection. */
export function hasBulkActions(offer: BulkOffer): boolean {
  return offer.activate || offer.actions.length > 0 || offer.events.length > 0;
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
 * The bulk actions of a list for a user: activate/inactivate where the resource has them, the actions its features
 * declare (a ticket list's common actions), and the staff events that need no payload or only choices (an event a
 * declared action offers on its own terms, such as a ticket's Close, is not offered twice) of the workflow its records
 * follow: the resource's own, or, for a list of records of several resources with no workflow of its own (the
 * cross-kind ticket lists), theirs (`sameRecords`), each event once. Each needs the user's permission (on a list of
 * several, that of one of the workflows having it); the server checks every record again.
 */
export function bulkOfferFor(resource: Resource, permissions: readonly string[] | ReadonlySet<string>, extensions: readonly ResourceExtension[] = []): BulkOffer {
  const activate = Boolean(resource.activeField && resource.permissions.activate && hasPermission(permissions, resource.permissions.activate));
  const declared = extensionsFor(extensions, resource, 'list');
  const actions = declared.flatMap((e) => e.bulkActions ?? []).filter((a) => hasPermission(permissions, a.permission));
  const offeredElsewhere = new Set(declared.flatMap((e) => e.bulkEvents ?? []));
  const sameRecords = declared.flatMap((e) => e.sameRecords?.(resource) ?? []);
  const workflow = workflowOf(resource.name);
  const followed: [RecordWorkflow, Resource][] = workflow
    ? [[workflow, resource]]
    : sameRecords.flatMap((r): [RecordWorkflow, Resource][] => {
        const theirs = r.name === resource.name ? undefined : workflowOf(r.name);
        return theirs ? [[theirs, r]] : [];
      });
  const events: BulkEvent[] = [];
  const offered = new Set(offeredElsewhere);
  for (const [w, r] of followed) {
    if (w.ownerField) continue;
    for (const type of Object.keys(w.eventSchemas)) {
      if (offered.has(type) || !hasPermission(permissions, w.permissions[type]!)) continue;
      const fields = choiceFields(w, r, type);
      if (!fields) continue;
      offered.add(type);
      events.push({ type, fields });
    }
  }
  return { activate, actions, ...(workflow ? { workflow } : {}), events, sameRecords };
}
