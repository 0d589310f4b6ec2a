import { installationWorkflow } from '@machines/installation.workflow';
import type { ResourceExtension } from '@resources/resource-extension';
import { FillFormLink } from './fill-form-link';

/** "Fill installation form" in the header of an installation ticket whose state accepts it. */
export const installationExtension: ResourceExtension = {
  feature: 'installation',
  appliesTo: (resource) => resource.name === installationWorkflow.resource,
  record: { headerActions: [FillFormLink] },
};
