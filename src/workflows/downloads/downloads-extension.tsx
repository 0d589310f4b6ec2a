import { Link } from 'wouter';
import { downloadResource } from '@domain/resources/downloads/download';
import type { ListPartProps, ResourceExtension } from '@resources/resource-extension';
import { ACTIVE_DOWNLOAD_STATUSES, downloadActionsColumn } from './download-actions';
import { ExportButton } from './export-button';

/** "New download": a download is made of a report type on its own screen. */
function NewDownloadLink() {
  return (
    <Link href="/downloads-management/create" className="ui-button ui-button--primary ui-button--md">
      New download
    </Link>
  );
}

/** The downloads list: each row's progress and actions, "New download", and rows refreshed while being made. */
export const downloadsExtension: ResourceExtension = {
  feature: 'downloads',
  appliesTo: (resource) => resource.name === downloadResource.name,
  list: {
    headerActions: [NewDownloadLink],
    columns: [downloadActionsColumn],
    workInProgress: (row) => ACTIVE_DOWNLOAD_STATUSES.includes(String(row.status)),
  },
};

/** "Export" once the list has rows to export. */
function ExportListAction({ resource, view, search, count, countExact, loaded }: ListPartProps) {
  return loaded && count > 0 ? <ExportButton resource={resource} view={view} search={search} count={count} countExact={countExact} /> : null;
}

/** Every list but the downloads' own exports what it shows to a download. */
export const exportExtension: ResourceExtension = {
  feature: 'export',
  appliesTo: (resource) => resource.name !== downloadResource.name,
  list: { headerActions: [ExportListAction] },
};
