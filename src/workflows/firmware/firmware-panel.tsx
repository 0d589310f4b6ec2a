import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import {
  chargerFirmwareSchema,
  FIRMWARE_PERMISSION,
  firmwareChargerStatusLabels,
  firmwareFileViewSchema,
  firmwarePaths,
  firmwareUpdateBodySchema,
  firmwareUpdateSteps,
  firmwareUpdateViewSchema,
  isFinalFirmwareState,
  type FirmwareChargerStatus,
  type FirmwareUpdateView,
} from '@domain/firmware';
import { formatDateTime } from '@domain/format-date';
import type { ChargerLive } from '@domain/ocpp';
import { f } from '@domain/resource/field';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { ActionDialog, ActionForm, useActionForm } from '@resources/action-form';
import { useCan } from '@resources/gated-action';
import { pushToast } from '@state/toasts';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { LoadingIndicator } from '@ui/loading-indicator';
import { ResultTable } from '@ui/result-table';
import { firmwareFileKeys, firmwareTone } from './firmware-format';
import './firmware.css';

const firmwareKey = (chargerId: number) => [...queryKeys.ocpp(chargerId).all, 'firmware'] as const;

/** A charger's firmware (refreshed by the charger's live events: each status it reports). */
function useChargerFirmware(chargerId: number) {
  return useQuery({ queryKey: firmwareKey(chargerId), queryFn: ({ signal }) => apiRequest(firmwarePaths.ofCharger(chargerId), { schema: chargerFirmwareSchema, signal }) });
}

/** The form's fields: the chargers come from the page or the list's selection. */
const updateFormSchema = firmwareUpdateBodySchema.omit({ chargerIds: true });

/** What the update dialog does with the chosen image and date. */
export interface UpdateTarget {
  /** "CP-001", "3 chargers". */
  what: string;
  chargerIds(): Promise<number[]>;
  /** The updates answered (one per charger). */
  onSent(items: FirmwareUpdateView[]): void;
}

/** Update firmware: which image, and when the chargers fetch it (now when empty). */
export function UpdateDialog({ target, onClose }: { target: UpdateTarget; onClose: () => void }) {
  const files = useQuery({
    queryKey: firmwareFileKeys.files,
    queryFn: ({ signal }) => apiRequest(firmwarePaths.files, { schema: z.object({ items: z.array(firmwareFileViewSchema) }), signal }),
  });
  const title = `Update firmware: ${target.what}`;
  if (files.isPending)
    return (
      <ActionDialog title={title} onClose={onClose} busy={false}>
        <div className="ui-dialog__body">
          <LoadingIndicator label="Loading the firmware images…" showLabel />
        </div>
      </ActionDialog>
    );
  if (files.isError || files.data.items.length === 0)
    return (
      <ActionDialog title={title} onClose={onClose} busy={false}>
        <div className="ui-dialog__body">
          <p role="alert">{files.isError ? errorMessage(files.error) : 'No firmware image yet: upload one on the Firmware page (Charger Management) first.'}</p>
          <Button onPress={onClose}>Close</Button>
        </div>
      </ActionDialog>
    );
  return <UpdateForm title={title} target={target} onClose={onClose} options={files.data.items.map((file) => ({ value: file.id, label: `${file.version} (${file.name})` }))} />;
}

function UpdateForm({ title, target, options, onClose }: { title: string; target: UpdateTarget; options: { value: string; label: string }[]; onClose: () => void }) {
  const form = useActionForm({
    fields: [
      { path: 'firmwareFileId', def: f.choice('Firmware image', options, { required: true }) },
      { path: 'retrieveDate', def: f.datetime('Fetch it at', { help: 'Empty: now. A charger that is charging waits for its session to end.' }) },
    ],
    initial: { firmwareFileId: options[0]?.value ?? '' },
    schema: updateFormSchema,
  });
  const submit = async () => {
    const checked = form.check();
    if (!checked) return;
    const sent = await form.run(async () => {
      const chargerIds = await target.chargerIds();
      const answer = await apiRequest(firmwarePaths.updates, { body: { ...checked.body, chargerIds }, schema: z.object({ items: z.array(firmwareUpdateViewSchema) }) });
      target.onSent(answer.items);
    });
    if (sent) onClose();
  };
  return (
    <ActionDialog title={title} onClose={onClose} busy={form.busy}>
      <ActionForm
        form={form}
        className="command-form"
        intro={
          <div className="ui-dialog__body">
            <p>Each charger downloads the image, installs it and restarts: it cannot charge meanwhile. Each step shows on the charger's page as the charger reports it.</p>
          </div>
        }
        submitLabel="Update firmware"
        onSubmit={() => void submit()}
        onCancel={onClose}
      />
    </ActionDialog>
  );
}

/** The steps of an update in progress, the current one marked. */
function Steps({ update }: { update: FirmwareUpdateView }) {
  const at = firmwareUpdateSteps.indexOf(update.status);
  return (
    <ol className="firmware-steps" aria-label="Update steps">
      {firmwareUpdateSteps.map((step, i) => (
        <li key={step} aria-current={i === at ? 'step' : undefined} className={i <= at ? 'firmware-steps__done' : undefined}>
          {step === 'sent' ? 'Sent' : step.charAt(0).toUpperCase() + step.slice(1)}
        </li>
      ))}
    </ol>
  );
}

/**
 * The charger page's Firmware card: the version it runs, its last firmware status, the update in progress with its step
 * (live), the last updates, and for staff who may update firmware Update firmware… (and Cancel for one not yet sent).
 */
export function FirmwarePanel({ live }: { live: ChargerLive }) {
  const canUpdate = useCan(FIRMWARE_PERMISSION);
  const firmware = useChargerFirmware(live.chargerId);
  const queryClient = useQueryClient();
  const [updating, setUpdating] = useState(false);
  const cancel = async (update: FirmwareUpdateView) => {
    try {
      const answer = await apiRequest(firmwarePaths.cancel(update.id), { method: 'POST', schema: firmwareUpdateViewSchema });
      pushToast(`Cancel firmware update: ${answer.summary}`, 'success');
      await queryClient.invalidateQueries({ queryKey: queryKeys.ocpp(live.chargerId).all });
    } catch (error) {
      pushToast(`Cancel firmware update: ${errorMessage(error)}`, 'error');
    }
  };
  const data = firmware.data;
  const current = data?.current ?? null;
  return (
    <section className="detail-section" aria-labelledby="firmware">
      <h2 id="firmware">Firmware</h2>
      {firmware.isPending ? (
        <LoadingIndicator label="Loading the firmware…" />
      ) : firmware.isError ? (
        <p role="alert">{errorMessage(firmware.error)}</p>
      ) : (
        <>
          <dl className="detail-grid">
            <div className="detail-grid__item">
              <dt>Version it runs</dt>
              <dd data-testid="fw-current-version">{data!.currentVersion ?? 'Not reported yet'}</dd>
            </div>
            <div className="detail-grid__item">
              <dt>Last firmware status</dt>
              <dd>{data!.chargerStatus ? (firmwareChargerStatusLabels[data!.chargerStatus as FirmwareChargerStatus] ?? data!.chargerStatus) : 'None reported'}</dd>
            </div>
          </dl>
          {canUpdate ? (
            <div className="command-panel__buttons">
              <Button variant="secondary" isDisabled={current !== null} onPress={() => setUpdating(true)}>
                Update firmware…
              </Button>
            </div>
          ) : null}
          {current ? (
            <div className="firmware-current" aria-live="polite">
              <p>
                Updating to {current.firmwareVersion}:{' '}
                <span className={`pill pill--${firmwareTone(current.status)}`} data-testid="fw-update-state">
                  {current.summary}
                </span>
              </p>
              <Steps update={current} />
              {canUpdate && (current.status === 'requested' || current.status === 'waitingForSession') ? (
                <ConfirmDialog
                  title="Cancel this firmware update?"
                  confirmLabel="Cancel update"
                  cancelLabel="Keep it"
                  onConfirm={() => cancel(current)}
                  trigger={
                    <Button variant="danger" size="sm">
                      Cancel update…
                    </Button>
                  }
                >
                  The charger is not sent firmware {current.firmwareVersion}. This cannot be undone: a new update has to be asked for.
                </ConfirmDialog>
              ) : null}
            </div>
          ) : null}
          {data!.history.length === 0 ? (
            <p>{current ? 'No earlier firmware update.' : 'No firmware update yet.'}</p>
          ) : (
            <ResultTable<FirmwareUpdateView>
              className="ocpp-table"
              label="Firmware updates"
              rows={data!.history}
              rowKey={(u) => u.id}
              columns={[
                { id: 'version', header: 'Firmware', render: (u) => u.firmwareVersion },
                { id: 'state', header: 'Result', testId: 'fw-history-state', render: (u) => <span className={`pill pill--${firmwareTone(u.status)}`}>{u.summary}</span> },
                { id: 'requested', header: 'Requested', render: (u) => `${formatDateTime(u.createdAt)}${u.requestedByName ? ` by ${u.requestedByName}` : u.campaignId ? ' by a campaign' : ''}` },
                { id: 'finished', header: 'Ended', render: (u) => (u.finishedAt && isFinalFirmwareState(u.status) ? formatDateTime(u.finishedAt) : '-') },
              ]}
            />
          )}
        </>
      )}
      {updating ? (
        <UpdateDialog
          target={{
            what: live.uniqueId,
            chargerIds: async () => [live.chargerId],
            onSent: (items) => {
              const update = items[0];
              pushToast(`Update firmware: ${update?.summary ?? 'sent'}`, update && (update.status === 'failed' || update.status === 'timedOut') ? 'error' : 'success');
              void queryClient.invalidateQueries({ queryKey: queryKeys.ocpp(live.chargerId).all });
            },
          }}
          onClose={() => setUpdating(false)}
        />
      ) : null}
    </section>
  );
}
