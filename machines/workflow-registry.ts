import type { RecordWorkflow } from './record-workflow';
import { installationWorkflow } from './installation.workflow';
import { siteInspectionWorkflow } from './site-inspection.workflow';

/** Every record workflow, shared by the server (which enforces them) and the console (which offers their events). */
export const recordWorkflows: readonly RecordWorkflow[] = [siteInspectionWorkflow, installationWorkflow];

/** The workflow of a resource, if it has one. */
export function workflowOf(resourceName: string): RecordWorkflow | undefined {
  return recordWorkflows.find((w) => w.resource === resourceName);
}
