/**
 * EDIT: the generic update (PUT) of a workflow-bound record, as an event of its machine. A state that lists it
 * lets the record's editable fields change and keeps its state; a state that does not (every final state) refuses
 * the update with 409, as it refuses any other event it does not accept. It has no schema of its own among a
 * workflow's transition events: the resource's update schema is its payload.
 */
export interface EditEvent {
  type: 'EDIT';
}

/** The event type of the generic update. */
export const EDIT = 'EDIT' as const;

/** The `on` entry of a state that accepts the generic update: the record stays in `state`. */
export function editableIn<S extends string>(state: S): { EDIT: { target: S } } {
  return { EDIT: { target: state } };
}
