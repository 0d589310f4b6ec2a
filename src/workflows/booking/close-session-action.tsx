// Close session: a charging or paused booking whose charger will not end its session. The dialog shows the session's
// last meter value (the energy the booking completes with unless staff enter another, in kWh) and sends the booking
// machine's CLOSE_SESSION through the transition route, as the workflow panel sends every event.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatKwh } from '@domain/format-energy';
import { formatInr } from '@domain/format-money';
import { bookingResource } from '@domain/resources/bookings/booking';
import { bookingWorkflow } from '@machines/booking.workflow';
import { acceptedEvents } from '@machines/workflow-snapshot';
import { apiRequest } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { Button } from '@ui/button';
import { TextField } from '@ui/text-field';
import { pushToast } from '@state/toasts';
import { ActionDialog, ActionForm, useActionForm } from '@resources/action-form';
import { GatedAction } from '@resources/gated-action';
import { useRecordEditing, useUnsavedEdit } from '@resources/record-editing';
import type { RecordPartProps } from '@resources/resource-extension';
import { ago } from '@workflows/charger-live/ocpp-labels';
import { useBookingTimeline } from './booking-timeline-query';

/** The event this action sends: offered here, so the workflow panel leaves it out. */
export const CLOSE_SESSION = 'CLOSE_SESSION';

/** kWh typed by staff as whole Wh (text that is not a number stays text, so the schema says so next to the field). */
function whOf(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const kwh = Number(trimmed);
  return Number.isFinite(kwh) ? Math.round(kwh * 1000) : trimmed;
}

/** "Last meter value 12.40 kWh at 14:05, 3 h ago", or why there is none. */
export function lastMeterText(live: { energyWh: number | null; lastMeterAt: string | null } | null): string {
  if (!live) return 'This booking has no open charger session: it keeps the energy it holds unless you enter one.';
  if (!live.lastMeterAt || live.energyWh === null) return 'The charger sent no meter value for this session: it closes with 0.00 kWh unless you enter the energy.';
  const at = new Date(live.lastMeterAt).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit', hour12: false });
  return `Last meter value ${formatKwh(live.energyWh)} at ${at}, ${ago(live.lastMeterAt)}`;
}

/** The Close session button of a booking the machine lets close, for staff holding its permission. */
export function CloseSessionAction({ record, id }: RecordPartProps) {
  const [open, setOpen] = useState(false);
  if (!acceptedEvents(bookingWorkflow, record).includes(CLOSE_SESSION)) return null;
  return (
    <GatedAction permission={bookingWorkflow.permissions[CLOSE_SESSION]!}>
      <Button size="sm" variant="danger" onPress={() => setOpen(true)}>
        Close session
      </Button>
      {open ? <CloseSessionDialog id={id} version={record.version as number} onClose={() => setOpen(false)} /> : null}
    </GatedAction>
  );
}

function CloseSessionDialog({ id, version, onClose }: { id: string; version: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const timeline = useBookingTimeline(id);
  const { ownWrite } = useRecordEditing();
  useUnsavedEdit('close-session', true);
  const form = useActionForm({
    fields: [
      { path: 'reason', input: ({ value, onChange, error }) => <TextField label="Reason" value={String(value ?? '')} onChange={onChange} isRequired autoFocus errorMessage={error} /> },
      {
        path: 'energyWh',
        input: ({ value, onChange, error }) => (
          <TextField
            label="Energy (kWh)"
            value={String(value ?? '')}
            onChange={onChange}
            inputMode="decimal"
            description="Leave empty to close with the last meter value."
            errorMessage={error}
          />
        ),
      },
    ],
    initial: { reason: '', energyWh: '' },
    schema: bookingWorkflow.eventSchemas[CLOSE_SESSION]!,
    bodyOf: (values) => {
      const energyWh = whOf(String(values.energyWh ?? ''));
      return { type: CLOSE_SESSION, reason: String(values.reason ?? '').trim(), ...(energyWh !== undefined ? { energyWh } : {}) };
    },
  });

  const submit = async () => {
    const checked = form.check();
    if (!checked) return;
    const sent = await form.run(() =>
      ownWrite(async () => {
        await apiRequest(`${bookingResource.apiPath}/${encodeURIComponent(id)}/transition`, { method: 'POST', body: { ...checked.body, version } });
        await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] === 'one' && query.queryKey[2] === id });
      }),
    );
    if (!sent) return;
    pushToast('Close session: done', 'success');
    onClose();
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.resource(bookingResource.name).all }),
      queryClient.invalidateQueries({ queryKey: ['audit', bookingResource.name, id] }),
    ]);
  };

  const live = timeline.data?.live ?? null;
  const figures = timeline.data?.figures;
  return (
    <ActionDialog title="Close session" onClose={onClose} busy={form.busy} alert={false}>
      <ActionForm
        form={form}
        submitLabel="Close session"
        variant="danger"
        onSubmit={() => void submit()}
        onCancel={onClose}
        intro={
          <p data-testid="last-meter-value">
            {timeline.isPending ? 'Reading the session’s last meter value…' : timeline.error ? 'The session’s last meter value could not be read.' : lastMeterText(live)}
            {figures && live ? ` (${formatInr(figures.amount)} at the booking’s tariff).` : null}
          </p>
        }
        note={<p className="workflow-dialog__confirm">{bookingWorkflow.confirms?.[CLOSE_SESSION]}</p>}
      />
    </ActionDialog>
  );
}
