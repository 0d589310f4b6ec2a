import { diagnosticsStateLabels, type DiagnosticsRequestView } from '@domain/diagnostics';
import type { RecordEvent } from '@domain/record-activity';
import { ActivityTimeline } from '@resources/activity-timeline';
import { useCan } from '@resources/gated-action';
import type { RecordHistoryProps } from '@resources/resource-extension';
import { formatFileSize, useDiagnostics } from './diagnostics-panel';

/** A request's moments in the charger's history: asked for, the file received (and deleted after its retention), how it ended otherwise. */
export function diagnosticsEvents(requests: readonly DiagnosticsRequestView[]): RecordEvent[] {
  return requests.flatMap((r) => {
    const events: RecordEvent[] = [
      {
        key: `diagnostics-${r.id}-requested`,
        at: r.createdAt,
        label: 'Diagnostics',
        title: `Diagnostics requested${r.requestedByName ? ` by ${r.requestedByName}` : ''}`,
        lines: r.startTime || r.stopTime ? [`Period ${r.startTime ?? 'any'} to ${r.stopTime ?? 'now'}`] : [],
      },
    ];
    if (r.uploadedAt && r.fileSize !== null) {
      events.push({
        key: `diagnostics-${r.id}-file`,
        at: r.uploadedAt,
        label: 'Diagnostics',
        title: `Diagnostics file received: ${r.fileName ?? 'diagnostics file'} (${formatFileSize(r.fileSize)})`,
        lines: r.fileSha256 ? [`sha256 ${r.fileSha256}`] : [],
      });
    }
    if (r.fileDeletedAt && r.fileDeletedLabel) {
      events.push({ key: `diagnostics-${r.id}-file-deleted`, at: r.fileDeletedAt, label: 'Diagnostics', title: r.fileDeletedLabel, lines: [r.fileName ?? 'Diagnostics file'] });
    }
    if (!['requested', 'sent', 'accepted', 'uploading'].includes(r.state) && r.state !== 'uploaded') {
      events.push({ key: `diagnostics-${r.id}-end`, at: r.updatedAt, label: 'Diagnostics', title: r.summary || diagnosticsStateLabels[r.state], lines: [] });
    }
    return events;
  });
}

/** A charger's history with its diagnostics requests among its changes (none for a charger that does not speak OCPP). */
export function ChargerHistory(props: RecordHistoryProps) {
  const canSee = useCan('ROLE_SEARCH_CHARGER');
  const diagnostics = useDiagnostics(Number(props.id), canSee);
  const items = diagnostics.data ? diagnosticsEvents(diagnostics.data.items) : [];
  return <ActivityTimeline {...props} events={{ items, pending: canSee && diagnostics.isPending, error: diagnostics.error }} />;
}
