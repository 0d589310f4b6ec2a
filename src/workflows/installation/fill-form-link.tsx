import { Link } from 'wouter';
import type { Resource } from '@domain/resource/define-resource';
import { installationWorkflow } from '@machines/installation.workflow';
import type { ApiRecord } from '@data/resource-api';
import { GatedAction } from '@resources/gated-action';
import { canFillForm } from './installation-draft-page';

/** The draft screen's route (tickets/{id}/installation/add). */
export const installationDraftPath = '/ticket-management/tickets/:id/installation/add';

/** Props of FillFormLink. */
export interface FillFormLinkProps {
  resource: Resource;
  record: ApiRecord;
}

/** "Fill installation form" on an installation ticket whose state accepts FILL_FORM, for users who may send it. */
export function FillFormLink({ resource, record }: FillFormLinkProps) {
  if (resource.name !== installationWorkflow.resource || !canFillForm(record)) return null;
  return (
    <GatedAction permission={installationWorkflow.permissions.FILL_FORM!}>
      <Link className="ui-button ui-button--primary ui-button--md" href={installationDraftPath.replace(':id', encodeURIComponent(String(record[resource.idField])))}>
        Fill installation form
      </Link>
    </GatedAction>
  );
}
