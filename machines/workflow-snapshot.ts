import type { AnyMachineSnapshot } from 'xstate';
import { EDIT } from './edit.event';
import type { RecordWorkflow } from './record-workflow';

/** The machine's snapshot for a stored record (its state value and the context computed from it). */
export function snapshotOf(workflow: RecordWorkflow, record: Readonly<Record<string, unknown>>): AnyMachineSnapshot {
  return workflow.machine.resolveState({ value: String(record[workflow.stateField]), context: workflow.contextOf(record) as never });
}

/** The event types the record's current state accepts (guards included), the generic EDIT aside. */
export function acceptedEvents(workflow: RecordWorkflow, record: Readonly<Record<string, unknown>>): string[] {
  const snapshot = snapshotOf(workflow, record);
  return Object.keys(workflow.eventSchemas).filter((type) => snapshot.can({ type } as never));
}

/** Whether the record's current state accepts the generic update (its EDIT event). */
export function acceptsEdit(workflow: RecordWorkflow, record: Readonly<Record<string, unknown>>): boolean {
  return snapshotOf(workflow, record).can({ type: EDIT } as never);
}
