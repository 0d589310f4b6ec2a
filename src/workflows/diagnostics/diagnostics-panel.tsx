import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import {
  diagnosticsAnchor,
  diagnosticsLinkSchema,
  diagnosticsPaths,
  diagnosticsRequestViewSchema,
  DOWNLOAD_DIAGNOSTICS_PERMISSION,
  REQUEST_DIAGNOSTICS_PERMISSION,
  requestDiagnosticsAnswerSchema,
  requestDiagnosticsBodySchema,
  type DiagnosticsRequestState,
  type DiagnosticsRequestView,
} from '@domain/diagnostics';
import { formatDateTime } from '@domain/format-date';
import { canTestOverOcpp } from '@domain/ocpp';
import { f } from '@domain/resource/field';
import { apiBaseUrl, apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { ActionDialog, ActionForm, useActionForm } from '@resources/action-form';
import { useCan } from '@resources/gated-action';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { ResultTable } from '@ui/result-table';
import { pushToast } from '@state/toasts';
import { usePageAnchor } from '@workflows/charger-live/use-page-anchor';

/** The query key of a charger's diagnostics requests: under its OCPP key, so the charger's live events refresh it. */
export const diagnosticsKey = (chargerId: number) => [...queryKeys.ocpp(chargerId).all, 'diagnostics'] as const;

/** A charger's diagnostics requests (refreshed by the charger's live events; every few seconds while one is open). */
export function useDiagnostics(chargerId: number, enabled = true) {
  return useQuery({
    queryKey: diagnosticsKey(chargerId),
    queryFn: ({ signal }) => apiRequest(diagnosticsPaths.ofCharger(chargerId), { schema: z.object({ items: z.array(diagnosticsRequestViewSchema) }), signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.items.some((r) => ['requested', 'sent', 'accepted', 'uploading'].includes(r.state)) ? 5_000 : false),
  });
}

/** Tone of a request state's pill. */
export function diagnosticsTone(state: DiagnosticsRequestState): string {
  if (state === 'uploaded') return 'success';
  if (state === 'uploadFailed' || state === 'rejected' || state === 'failed' || state === 'offline' || state === 'timedOut') return 'danger';
  if (state === 'nothingToUpload') return 'neutral';
  return 'info';
}

/** A size in bytes, KB or MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Request diagnostics: the period of the log, retries and their interval, all optional. */
function RequestDialog({ chargerId, uniqueId, onClose }: { chargerId: number; uniqueId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useActionForm({
    fields: [
      { path: 'startTime', def: f.datetime('From', { help: 'The oldest log entry wanted; empty: the charger’s choice.' }) },
      { path: 'stopTime', def: f.datetime('Until', { help: 'The newest log entry wanted; empty: up to now.' }) },
      { path: 'retries', def: f.int('Retries', { min: 0, max: 10, help: 'How often the charger tries the upload again after a failure.' }) },
      { path: 'retryInterval', def: f.int('Between retries', { min: 0, max: 3600, unit: 's' }) },
    ],
    given: { chargerIds: [chargerId] },
    initial: {},
    schema: requestDiagnosticsBodySchema,
  });
  const submit = async () => {
    const checked = form.check();
    if (!checked) return;
    const sent = await form.run(async () => {
      const answer = await apiRequest(diagnosticsPaths.request, { body: checked.body, schema: requestDiagnosticsAnswerSchema });
      const request = answer.items[0];
      pushToast(`Request diagnostics: ${request ? request.summary : 'sent'}`, request && diagnosticsTone(request.state) === 'danger' ? 'error' : 'success');
      await queryClient.invalidateQueries({ queryKey: queryKeys.ocpp(chargerId).all });
    });
    if (sent) onClose();
  };
  return (
    <ActionDialog title={`Request diagnostics: ${uniqueId}`} onClose={onClose} busy={form.busy}>
      <ActionForm
        form={form}
        className="command-form"
        intro={
          <div className="ui-dialog__body">
            <p>The charger is asked for its diagnostics file and uploads it to this server once; it then appears here to download.</p>
          </div>
        }
        submitLabel="Request diagnostics"
        onSubmit={() => void submit()}
        onCancel={onClose}
      />
    </ActionDialog>
  );
}

/** Download of a received file: a short-lived signed link, opened as a download. */
async function download(request: DiagnosticsRequestView) {
  try {
    const link = await apiRequest(diagnosticsPaths.link(request.id), { method: 'POST', schema: diagnosticsLinkSchema });
    const a = document.createElement('a');
    a.href = `${apiBaseUrl}${link.url}`;
    a.download = link.fileName;
    document.body.append(a);
    a.click();
    a.remove();
  } catch (error) {
    pushToast(`Download diagnostics: ${errorMessage(error)}`, 'error');
  }
}

/**
 * The charger page's diagnostics: Request diagnostics… (a period, retries) for staff who may ask, the charger's
 * requests with their state in words, live, and the received file's name, size and a Download for staff who may see
 * the charger's logs (or, once the file was deleted after DIAGNOSTICS_RETENTION_DAYS, "File deleted after N days").
 */
export function DiagnosticsPanel({ chargerId, chargerType, uniqueId }: { chargerId: number; chargerType: string; uniqueId: string }) {
  const ocpp = canTestOverOcpp(chargerType);
  const canRequest = useCan(REQUEST_DIAGNOSTICS_PERMISSION);
  const canDownload = useCan(DOWNLOAD_DIAGNOSTICS_PERMISSION);
  const requests = useDiagnostics(chargerId, ocpp);
  const [asking, setAsking] = useState(false);
  // The palette's Request diagnostics… opens the page at the button: its dialog opens.
  usePageAnchor(diagnosticsAnchor, () => setAsking(true), ocpp && canRequest);
  if (!ocpp) return null;
  const items = requests.data?.items ?? [];
  return (
    <section className="detail-section charger-diagnostics" aria-labelledby="diagnostics-heading">
      <h2 id="diagnostics-heading">Diagnostics</h2>
      {canRequest ? (
        <div className="command-panel__buttons">
          <Button id={diagnosticsAnchor} variant="secondary" onPress={() => setAsking(true)}>
            Request diagnostics…
          </Button>
        </div>
      ) : null}
      {requests.isPending ? (
        <LoadingIndicator label="Loading diagnostics…" />
      ) : requests.isError ? (
        <p role="alert">{errorMessage(requests.error)}</p>
      ) : items.length === 0 ? (
        <p>No diagnostics requested yet.</p>
      ) : (
        <ResultTable
          className="ocpp-table"
          label="Diagnostics requests"
          rows={items}
          rowKey={(r) => r.id}
          columns={[
            { id: 'requested', header: 'Requested', render: (r) => `${formatDateTime(r.createdAt)}${r.requestedByName ? ` by ${r.requestedByName}` : ''}` },
            { id: 'state', header: 'State', render: (r) => <span className={`pill pill--${diagnosticsTone(r.state)}`} data-testid="diagnostics-state">{r.summary}</span> },
            {
              id: 'period',
              header: 'Period',
              render: (r) => (r.startTime || r.stopTime ? `${r.startTime ? formatDateTime(r.startTime) : 'Any'} – ${r.stopTime ? formatDateTime(r.stopTime) : 'now'}` : 'Charger’s choice'),
            },
            {
              id: 'file',
              header: 'File',
              render: (r) =>
                r.fileSize !== null ? (
                  <span>
                    {r.fileName ?? 'Diagnostics file'} ({formatFileSize(r.fileSize)}){' '}
                    {r.fileDeletedLabel ? (
                      <span>{r.fileDeletedLabel}</span>
                    ) : canDownload ? (
                      <Button variant="secondary" onPress={() => void download(r)} aria-label={`Download ${r.fileName ?? 'diagnostics file'}`}>
                        Download
                      </Button>
                    ) : null}
                  </span>
                ) : (
                  (r.fileName ?? '—')
                ),
            },
          ]}
        />
      )}
      {asking ? <RequestDialog chargerId={chargerId} uniqueId={uniqueId} onClose={() => setAsking(false)} /> : null}
    </section>
  );
}
