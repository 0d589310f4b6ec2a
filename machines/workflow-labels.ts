import type { Resource } from '@domain/resource/define-resource';
import { humanise } from '@domain/resource/field';
import type { RecordWorkflow } from './record-workflow';

/** A state as staff read it: the state field's option label, else the state in words ("IN_PROGRESS" → "In progress"). */
export function workflowStateLabel(workflow: RecordWorkflow, resource: Resource, state: string): string {
  return resource.allFields[workflow.stateField]?.options?.find((o) => o.value === state)?.label ?? humanise(state);
}

/** An event as staff read it: the title of the resource action that sends it ("Stop charging"), else the event in words ("Start work"). */
export function workflowEventTitle(resource: Resource, type: string): string {
  const title = resource.actions.find((action) => action.event === type)?.title;
  if (title) return title;
  // humanise capitalises every word; an event reads as a sentence, acronyms (OCPP, KYC) kept as they are.
  return humanise(type)
    .split(' ')
    .map((word, i) => (i === 0 || word === word.toUpperCase() ? word : word.toLowerCase()))
    .join(' ');
}

/**
 * Why a record's state refuses an event, in the words the console shows for both ("This customer support ticket is
 * Resolved: Start work is not possible now."), so a refusal never shows staff a state or event code.
 */
export function refusedEventText(workflow: RecordWorkflow, resource: Resource, state: string, type: string): string {
  return `This ${resource.title.toLowerCase()} is ${workflowStateLabel(workflow, resource, state)}: ${workflowEventTitle(resource, type)} is not possible now.`;
}
