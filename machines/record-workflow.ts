import type { AnyStateMachine } from 'xstate';
import type { z } from 'zod';
import type { Permission } from '@domain/permissions';
import type { FieldDef } from '@domain/resource/field';

/**
 * A workflow bound to a resource: the record's state lives in `stateField`; each event has a zod schema, the
 * permission it needs, and the field changes it makes. The server runs transition requests through the same
 * machine the console runs (pure `getNextSnapshot`), so both accept exactly the same events.
 */
export interface RecordWorkflow {
  /** Resource name (domain/resources). */
  resource: string;
  /** Field holding the machine's state value (e.g. status). */
  stateField: string;
  machine: AnyStateMachine;
  /** Strict schema of each event (with its `type` literal). */
  eventSchemas: Readonly<Record<string, z.ZodObject>>;
  /** Payload fields that are not fields of the resource (e.g. the booking a settlement settles), for the console's dialogs. */
  eventFields?: Readonly<Record<string, FieldDef>>;
  /** Permission each event needs. */
  permissions: Readonly<Record<string, Permission>>;
  /** Field naming the user who may send every event without its permission (a download's requester). Default none. */
  ownerField?: string;
  /** The machine's context for a stored record. */
  contextOf(record: Readonly<Record<string, unknown>>): unknown;
  /** Field changes an accepted event makes besides the state (default none). */
  patchOf?(event: Readonly<Record<string, unknown>> & { type: string }, record: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /** Words saying why a guard refuses the event for this record (e.g. what is still missing); `event` is the event sent, when there is one. */
  refusal?(eventType: string, record: Readonly<Record<string, unknown>>, event?: Readonly<Record<string, unknown>>): string | undefined;
  /** What an event does that cannot be undone, in words shown in its dialog before the user sends it (default none). */
  confirms?: Readonly<Record<string, string>>;
  /**
   * The question an event's dialog asks, naming the record by its values: each `{field}` is the field's value as the
   * record page shows it (`recordText`, domain/record-text.ts), e.g. "Approve {amount} top-up for {userId}?". Default
   * "<Event> this <resource>?". `confirms` names no record: the bulk actions show it for many records at once.
   */
  asks?: Readonly<Record<string, string>>;
  /** Audit the patch's fields as `{ field: { from, to } }` (the record's value before and after) instead of their new values only. Default false. */
  auditBeforeAfter?: boolean;
  /** Reason text of an event, for the audit row (default the event's `reason`). */
  reasonOf?(event: Readonly<Record<string, unknown>>): string | undefined;
}
