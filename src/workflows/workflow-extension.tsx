import type { ResourceExtension } from '@resources/resource-extension';
import { WorkflowPanel } from './workflow-panel';

/** Every record bound to a workflow shows its state and the events it accepts in the header (machines/). */
export const workflowExtension: ResourceExtension = {
  feature: 'workflow',
  appliesTo: () => true,
  record: { workflowPanel: WorkflowPanel },
};
