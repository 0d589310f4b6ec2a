import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { hasPermission } from '@domain/permissions';
import { downloadWorkflow } from '@machines/download.workflow';
import { snapshotOf } from '@machines/workflow-snapshot';
import { errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import type { ApiRecord } from '@data/resource-api';
import { useSession } from '@app/session/session-context';
import type { DataColumn } from '@ui/data-table';
import { Button } from '@ui/button';
import { pushToast } from '@state/toasts';
import { saveDownloadFile, sendDownloadEvent } from './download-api';
import { watchDownload } from './download-watch';
import './downloads.css';

/** Statuses a download is still being worked on in (its list refreshes while any row is in one). */
export const ACTIVE_DOWNLOAD_STATUSES = ['QUEUED', 'RUNNING'];

/** Progress of a download as words: "1,200 of 48,000 rows (2%)". */
export function progressText(record: ApiRecord): string {
  const done = Number(record.rowsWritten ?? 0);
  const total = Number(record.rowCount ?? 0);
  const pct = total > 0 ? Math.floor((done / total) * 100) : 0;
  return `${done.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} rows (${pct}%)`;
}

/**
 * A download's progress and the actions its state accepts for this user (its requester, or ROLE_MANAGE_DOWNLOADS):
 * Cancel and Retry where its machine accepts them (while it waits or runs; when failed, cancelled or expired),
 * Download when ready.
 */
export function DownloadActions({ record }: { record: ApiRecord }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const status = String(record.status);
  const mine = record.requestedBy === user.userId || hasPermission(user.permissions, 'ROLE_MANAGE_DOWNLOADS');
  const machine = snapshotOf(downloadWorkflow, record);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      pushToast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.resource('downloads').all });
    }
  };
  const label = `download ${String(record.id)}`;
  return (
    // Buttons inside a row: their clicks and keys are theirs, not the row's (which opens the record).
    <span className="download-actions" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()} role="group" aria-label={`Actions of ${label}`}>
      {status === 'RUNNING' ? (
        <span className="download-progress">
          <progress max={Number(record.rowCount ?? 0) || 1} value={Number(record.rowsWritten ?? 0)} aria-label={`Progress of ${label}`} />
          <span>{progressText(record)}</span>
        </span>
      ) : status === 'QUEUED' ? (
        <span className="download-progress">Waiting to start…</span>
      ) : status === 'FAILED' && record.error ? (
        <span className="download-progress" title={String(record.error)}>
          {String(record.error).slice(0, 60)}
        </span>
      ) : null}
      {mine && status === 'READY' ? (
        <Button size="sm" variant="primary" isDisabled={busy} onPress={() => void run(() => saveDownloadFile(String(record.id)))} aria-label={`Download ${label}`}>
          Download
        </Button>
      ) : null}
      {mine && machine.can({ type: 'CANCEL' }) ? (
        <Button size="sm" isDisabled={busy} onPress={() => void run(() => sendDownloadEvent(record, 'CANCEL'))} aria-label={`Cancel ${label}`}>
          Cancel
        </Button>
      ) : null}
      {mine && machine.can({ type: 'RETRY' }) ? (
        <Button
          size="sm"
          isDisabled={busy}
          onPress={() =>
            void run(async () => {
              watchDownload(await sendDownloadEvent(record, 'RETRY'));
            })
          }
          aria-label={`Retry ${label}`}
        >
          Retry
        </Button>
      ) : null}
    </span>
  );
}

/** The downloads list's extra column: progress and actions. */
export const downloadActionsColumn: DataColumn<ApiRecord> = {
  id: 'actions',
  header: 'Progress and actions',
  width: 330,
  render: (row) => <DownloadActions record={row} />,
};
