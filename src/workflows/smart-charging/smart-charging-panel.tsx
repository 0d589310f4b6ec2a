// The charger page's Smart charging panel: the profiles staff set (its own and its location's defaults) by purpose and
// stack level with their state, Set profile…, Clear… by id or by purpose and stack level (confirmed), and the
// composite schedule the charger answers, drawn as steps.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { z } from 'zod';
import { formatDateTime } from '@domain/format-date';
import { canTestOverOcpp } from '@domain/ocpp';
import {
  chargerProfileStateLabels,
  chargerProfileViewSchema,
  chargingProfileKindLabels,
  chargingProfilePurposeLabels,
  chartLimit,
  clearProfilesBodySchema,
  compositeScheduleViewSchema,
  managedPurposes,
  MAX_STACK_LEVEL,
  type ManagedPurpose,
  MANAGE_CHARGING_PROFILES_PERMISSION,
  smartChargingAnchors,
  smartChargingPaths,
  type ChargerProfileState,
  type ChargerProfileView,
  type CompositeScheduleView,
  type CsChargingProfile,
} from '@domain/smart-charging';
import { f } from '@domain/resource/field';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { ActionDialog, ActionForm, useActionForm } from '@resources/action-form';
import { useCan } from '@resources/gated-action';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { LoadingIndicator } from '@ui/loading-indicator';
import { ResultTable, type ResultColumn } from '@ui/result-table';
import { pushToast } from '@state/toasts';
import { durationText } from './composite-duration';
import { useChargerLive } from '@workflows/charger-live/ocpp-queries';
import { usePageAnchor } from '@workflows/charger-live/use-page-anchor';
import { ProfileDialog } from './profile-form';

const CompositeChart = lazy(() => import('./composite-chart'));

const profilesKey = (chargerId: number) => [...queryKeys.ocpp(chargerId).all, 'smart-charging'] as const;

/** Tone of a profile state's pill. */
export function profileTone(state: ChargerProfileState): string {
  if (state === 'accepted') return 'success';
  if (state === 'sent') return 'info';
  return 'danger';
}

/** The columns a charger's and a location's profile tables share: purpose, stack level, connector and schedule. */
export function profileColumns<T extends { purpose: keyof typeof chargingProfilePurposeLabels; stackLevel: number; connectorId: number; profile: CsChargingProfile }>(): ResultColumn<T>[] {
  return [
    { id: 'purpose', header: 'Purpose', render: (p) => chargingProfilePurposeLabels[p.purpose] },
    { id: 'stack', header: 'Stack level', render: (p) => String(p.stackLevel) },
    { id: 'connector', header: 'Connector', render: (p) => (p.connectorId === 0 ? 'Whole charger' : `Connector ${p.connectorId}`) },
    { id: 'schedule', header: 'Schedule', render: (p) => scheduleLine(p.profile) },
  ];
}

/** "16 A from 0 min, 10 A from 30 min" of a profile's schedule. */
export function scheduleLine(p: CsChargingProfile): string {
  const s = p.chargingSchedule;
  const unit = s.chargingRateUnit === 'W' ? 'kW' : 'A';
  const periods = s.chargingSchedulePeriod.map((x) => `${chartLimit(x.limit, s.chargingRateUnit)} ${unit}${s.chargingSchedulePeriod.length > 1 ? ` from ${durationText(x.startPeriod)}` : ''}`).join(', ');
  const kind = p.chargingProfileKind === 'Recurring' ? `Repeating ${p.recurrencyKind === 'Weekly' ? 'weekly' : 'daily'}` : chargingProfileKindLabels[p.chargingProfileKind];
  return `${periods} (${kind}${s.duration ? `, for ${durationText(s.duration)}` : ''})`;
}

function CompositeSchedule({ chargerId, connectors }: { chargerId: number; connectors: number[] }) {
  const [connectorId, setConnectorId] = useState(0);
  const [duration, setDuration] = useState(3600);
  const [unit, setUnit] = useState<'A' | 'W'>('A');
  const [asked, setAsked] = useState(false);
  const id = useId();
  const composite = useQuery({
    // Not under the charger's live key: each answer is a command whose live event would ask the charger again.
    queryKey: ['smart-charging-composite', String(chargerId), connectorId, duration, unit],
    queryFn: () => apiRequest(smartChargingPaths.composite(chargerId), { body: { connectorId, duration, unit }, schema: compositeScheduleViewSchema }),
    enabled: asked,
    retry: false,
  });
  const data: CompositeScheduleView | undefined = composite.data;
  return (
    <section aria-labelledby="composite-heading">
      <h3 id="composite-heading">Composite schedule</h3>
      <div className="command-panel__buttons">
        <label htmlFor={`${id}-connector`}>Connector</label>
        <select id={`${id}-connector`} value={connectorId} onChange={(e) => setConnectorId(Number(e.target.value))}>
          {[0, ...connectors].map((c) => (
            <option key={c} value={c}>
              {c === 0 ? 'Whole charger (0)' : `Connector ${c}`}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-duration`}>For</label>
        <select id={`${id}-duration`} value={duration} onChange={(e) => setDuration(Number(e.target.value))}>
          {[3600, 6 * 3600, 24 * 3600].map((d) => (
            <option key={d} value={d}>
              {durationText(d)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-unit`}>In</label>
        <select id={`${id}-unit`} value={unit} onChange={(e) => setUnit(e.target.value as 'A' | 'W')}>
          <option value="A">Amperes (A)</option>
          <option value="W">Kilowatts (kW)</option>
        </select>
        <Button id={smartChargingAnchors.composite} variant="secondary" onPress={() => (asked ? void composite.refetch() : setAsked(true))} isDisabled={composite.isFetching}>
          Ask the charger
        </Button>
      </div>
      {!asked ? (
        <p>Ask the charger what it will deliver, with every profile in force.</p>
      ) : composite.isFetching ? (
        <LoadingIndicator label="Asking the charger…" />
      ) : composite.isError ? (
        <p role="alert">{errorMessage(composite.error)}</p>
      ) : data?.state === 'rejected' ? (
        <p role="status" data-testid="composite-state">
          The charger refused to answer ({data.answer ?? 'Rejected'}): it may not support composite schedules.
        </p>
      ) : data?.state === 'failed' ? (
        <p role="alert" data-testid="composite-state">
          No schedule: {data.answer}
        </p>
      ) : data && (!data.chargingSchedule || data.chargingSchedule.chargingSchedulePeriod.length === 0) ? (
        <p role="status" data-testid="composite-state">
          No limits: no profile is in force, the charger delivers what it can.
        </p>
      ) : data?.chargingSchedule ? (
        <>
          <p role="status" data-testid="composite-state">
            From {data.scheduleStart ? formatDateTime(data.scheduleStart) : 'now'}, {durationText(data.chargingSchedule.duration ?? duration)}
          </p>
          <Suspense fallback={<LoadingIndicator label="Drawing the chart…" />}>
            <CompositeChart schedule={data.chargingSchedule} duration={duration} />
          </Suspense>
          <ResultTable
            className="ocpp-table"
            label="Composite schedule periods"
            rows={data.chargingSchedule.chargingSchedulePeriod}
            rowKey={(p) => p.startPeriod}
            columns={[
              { id: 'from', header: 'From', render: (p) => `${durationText(p.startPeriod)} on` },
              { id: 'limit', header: 'Limit', render: (p) => `${chartLimit(p.limit, data.chargingSchedule!.chargingRateUnit)} ${data.chargingSchedule!.chargingRateUnit === 'W' ? 'kW' : 'A'}` },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}

/** Clear by purpose and stack level (and connector): what the charger drops, said before anything is sent. */
function ClearDialog({ uniqueId, onClose, clear }: { uniqueId: string; onClose: () => void; clear: (body: Record<string, unknown>, what: string) => Promise<void> }) {
  const form = useActionForm({
    fields: [
      { path: 'purpose', def: f.choice('Purpose', managedPurposes.map((p) => ({ value: p, label: chargingProfilePurposeLabels[p] })), { required: true, display: 'text' }) },
      { path: 'stackLevel', def: f.int('Stack level', { min: 0, max: MAX_STACK_LEVEL, help: 'Empty: every stack level.' }) },
      { path: 'connectorId', def: f.int('Connector', { min: 0, max: 10, help: 'Empty: every connector. 0: the whole charger.' }) },
    ],
    initial: { purpose: 'ChargePointMaxProfile' },
    schema: clearProfilesBodySchema,
  });
  const submit = async () => {
    const checked = form.check();
    if (!checked) return;
    const body = checked.body as { purpose: ManagedPurpose; stackLevel?: number };
    const what = `${chargingProfilePurposeLabels[body.purpose].toLowerCase()}${body.stackLevel === undefined ? '' : ` at stack level ${body.stackLevel}`}`;
    const done = await form.run(() => clear(checked.body, what));
    if (done) onClose();
  };
  return (
    <ActionDialog title={`Clear charging profiles: ${uniqueId}`} onClose={onClose} busy={form.busy}>
      <ActionForm
        form={form}
        className="command-form"
        variant="danger"
        intro={
          <div className="ui-dialog__body">
            <p>The charger drops every profile of this purpose that matches, and the next lower profile takes over. This cannot be undone.</p>
          </div>
        }
        submitLabel="Clear profiles"
        onSubmit={() => void submit()}
        onCancel={onClose}
      />
    </ActionDialog>
  );
}

/** The Smart charging panel of an OCPP charger's page. */
export function SmartChargingPanel({ chargerId, chargerType, uniqueId }: { chargerId: number; chargerType: string; uniqueId: string }) {
  const canManage = useCan(MANAGE_CHARGING_PROFILES_PERMISSION);
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [clearing, setClearing] = useState(false);
  const ocpp = canTestOverOcpp(chargerType);
  const profiles = useQuery({
    queryKey: profilesKey(chargerId),
    queryFn: ({ signal }) => apiRequest(smartChargingPaths.ofCharger(chargerId), { schema: z.object({ items: z.array(chargerProfileViewSchema) }), signal }),
    enabled: ocpp,
  });
  const live = useChargerLive(chargerId);
  // The palette opens the page at Set profile… (its dialog opens) or at the composite schedule (Ask the charger takes
  // the focus: asking sends a command, so it waits for the press).
  usePageAnchor(smartChargingAnchors.setProfile, () => setAdding(true), ocpp && canManage);
  usePageAnchor(smartChargingAnchors.composite, () => document.getElementById(smartChargingAnchors.composite)?.focus(), ocpp && canManage);
  if (!ocpp) return null;
  const items = profiles.data?.items ?? [];
  const connectors = (live.data?.connectors ?? []).map((k) => k.connectorId).filter((c) => c > 0);
  const clear = async (body: Record<string, unknown>, what: string) => {
    try {
      const answer = await apiRequest(smartChargingPaths.clear(chargerId), { body, schema: z.object({ status: z.string(), answer: z.string().nullable(), removed: z.number() }) });
      const ok = answer.status === 'accepted';
      pushToast(ok ? `Cleared ${what}: ${answer.removed} profile${answer.removed === 1 ? '' : 's'} removed` : `Clear ${what}: ${answer.answer === 'Unknown' ? 'the charger holds no such profile' : (answer.answer ?? answer.status)}`, ok ? 'success' : 'error');
    } catch (error) {
      pushToast(`Clear ${what}: ${errorMessage(error)}`, 'error');
    }
    await queryClient.invalidateQueries({ queryKey: profilesKey(chargerId) });
  };
  const clearButton = (p: ChargerProfileView) => (
    <ConfirmDialog
      title={`Clear profile ${p.id} on ${uniqueId}?`}
      confirmLabel="Clear profile"
      cancelLabel="Keep it"
      onConfirm={() => clear({ id: p.id }, `profile ${p.id}`)}
      trigger={
        <Button variant="danger" size="sm" aria-label={`Clear profile ${p.id}`}>
          Clear…
        </Button>
      }
    >
      The charger drops its {chargingProfilePurposeLabels[p.purpose].toLowerCase()} at stack level {p.stackLevel}; the next lower profile takes over. This cannot be undone.
    </ConfirmDialog>
  );
  return (
    <section className="detail-section charger-smart-charging" aria-labelledby="smart-charging-heading">
      <h2 id="smart-charging-heading">Smart charging</h2>
      {canManage ? (
        <div className="command-panel__buttons">
          <Button id={smartChargingAnchors.setProfile} variant="secondary" onPress={() => setAdding(true)}>
            Set profile…
          </Button>
          {items.length > 0 ? (
            <Button variant="secondary" onPress={() => setClearing(true)}>
              Clear by purpose…
            </Button>
          ) : null}
        </div>
      ) : null}
      {profiles.isPending ? (
        <LoadingIndicator label="Loading charging profiles…" />
      ) : profiles.isError ? (
        <p role="alert">{errorMessage(profiles.error)}</p>
      ) : items.length === 0 ? (
        <p>No charging profile is set from the console: the charger delivers what it can.</p>
      ) : (
        <ResultTable
          className="ocpp-table"
          label="Charging profiles"
          rows={items}
          rowKey={(p) => p.id}
          columns={[
            ...profileColumns<ChargerProfileView>(),
            {
              id: 'state',
              header: 'State',
              render: (p) => (
                <span className={`pill pill--${profileTone(p.state)}`}>
                  {chargerProfileStateLabels[p.state]}
                  {p.answer ? `: ${p.answer}` : ''}
                </span>
              ),
            },
            { id: 'from', header: 'From', render: (p) => (p.locationId === null ? 'This charger' : 'Location default') },
            { id: 'id', header: 'Profile id', render: (p) => String(p.id) },
            { id: 'actions', header: 'Actions', render: (p) => (canManage ? clearButton(p) : '-') },
          ]}
        />
      )}
      {/* The server asks the charger only for staff who may manage its profiles. */}
      {canManage ? <CompositeSchedule chargerId={chargerId} connectors={connectors} /> : null}
      {clearing ? <ClearDialog uniqueId={uniqueId} onClose={() => setClearing(false)} clear={clear} /> : null}
      {adding ? (
        <ProfileDialog
          title={`Set a charging profile: ${uniqueId}`}
          path={smartChargingPaths.ofCharger(chargerId)}
          forLocation={false}
          onClose={() => setAdding(false)}
          invalidate={profilesKey(chargerId)}
          describe={(answer) => {
            const p = chargerProfileViewSchema.safeParse(answer);
            if (!p.success) return { text: 'Set profile: done', ok: true };
            return { text: `Set profile ${p.data.id}: ${chargerProfileStateLabels[p.data.state]}${p.data.answer ? ` (${p.data.answer})` : ''}`, ok: p.data.state === 'accepted' };
          }}
        />
      ) : null}
    </section>
  );
}
