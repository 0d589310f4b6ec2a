// The form of a charging profile (a charger's, or a location's default): purpose, connector, stack level, kind,
// validity and the schedule with its periods, checked by the same schema the server checks.
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { f } from '@domain/resource/field';
import {
  chargingProfileInputSchema,
  chargingProfileKindLabels,
  chargingProfileKinds,
  chargingProfilePurposeLabels,
  managedPurposes,
  MAX_SCHEDULE_PERIODS,
  MAX_STACK_LEVEL,
  type ChargingProfileInput,
} from '@domain/smart-charging';
import { apiRequest } from '@data/api-client';
import { ActionDialog, ActionForm, useActionForm } from '@resources/action-form';
import { pushToast } from '@state/toasts';

/** The flat form values (dotted paths, as the schema's messages name them) made into the body. */
export function profileBodyOf(flat: Record<string, unknown>): Record<string, unknown> {
  const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  const periods = Array.isArray(flat['schedule.periods']) ? (flat['schedule.periods'] as Record<string, unknown>[]).map(defined) : [];
  return defined({
    connectorId: flat.connectorId,
    purpose: flat.purpose,
    stackLevel: flat.stackLevel,
    kind: flat.kind,
    recurrency: flat.recurrency,
    validFrom: flat.validFrom,
    validTo: flat.validTo,
    schedule: defined({
      unit: flat['schedule.unit'],
      startSchedule: flat['schedule.startSchedule'],
      duration: flat['schedule.duration'],
      minChargingRate: flat['schedule.minChargingRate'],
      periods,
    }),
  });
}

const fields = (forLocation: boolean) => [
  { path: 'purpose', def: f.choice('Purpose', managedPurposes.map((p) => ({ value: p, label: chargingProfilePurposeLabels[p] })), { required: true, display: 'text' }) },
  {
    path: 'connectorId',
    def: f.int('Connector', { required: true, min: 0, max: 10, help: forLocation ? '0: each whole charger. A charger maximum is always on 0.' : '0: the whole charger. A charger maximum is always on 0.' }),
  },
  { path: 'stackLevel', def: f.int('Stack level', { required: true, min: 0, max: MAX_STACK_LEVEL, help: 'Of two profiles of one purpose in force, the higher stack level wins.' }) },
  { path: 'kind', def: f.choice('Kind', chargingProfileKinds.map((k) => ({ value: k, label: chargingProfileKindLabels[k] })), { required: true, display: 'text' }) },
  { path: 'recurrency', def: f.choice('Repeats', [{ value: 'Daily', label: 'Every day' }, { value: 'Weekly', label: 'Every week' }], { display: 'text', help: 'Only for a repeating profile.' }) },
  { path: 'validFrom', def: f.datetime('Valid from') },
  { path: 'validTo', def: f.datetime('Valid to') },
  { path: 'schedule.unit', def: f.choice('Unit', [{ value: 'A', label: 'Amperes (A, per phase)' }, { value: 'W', label: 'Watts (W)' }], { required: true, display: 'text' }) },
  { path: 'schedule.startSchedule', def: f.datetime('Schedule starts', { help: 'From a fixed start: now when empty. Repeating: the first day or week it repeats from.' }) },
  { path: 'schedule.duration', def: f.int('Schedule lasts', { min: 1, max: 31_622_400, unit: 's', help: 'Empty: the last period goes on.' }) },
  { path: 'schedule.minChargingRate', def: f.decimal('Minimum charging rate', { min: 0, help: 'In the unit above.' }) },
  {
    path: 'schedule.periods',
    def: f.items(
      'Periods',
      {
        startPeriod: f.int('Starts after', { required: true, min: 0, unit: 's' }),
        limit: f.decimal('Limit', { required: true, min: 0, help: 'In the unit above.' }),
        numberPhases: f.int('Phases', { min: 1, max: 3 }),
      },
      { minItems: 1, maxItems: MAX_SCHEDULE_PERIODS },
    ),
  },
];

const flatSchema = { safeParse: (flat: unknown) => chargingProfileInputSchema.safeParse(profileBodyOf(flat as Record<string, unknown>)) };

/** The dialog adding a profile: to a charger (answered in force or refused) or to a location (each charger's answer). */
export function ProfileDialog({ title, path, forLocation, onClose, invalidate, describe }: {
  title: string;
  path: string;
  forLocation: boolean;
  onClose: () => void;
  invalidate: readonly unknown[];
  describe: (answer: unknown) => { text: string; ok: boolean };
}) {
  const queryClient = useQueryClient();
  const form = useActionForm({
    fields: fields(forLocation),
    initial: { purpose: 'ChargePointMaxProfile', connectorId: '0', stackLevel: '0', kind: 'Relative', 'schedule.unit': 'A', 'schedule.periods': [{ startPeriod: '0', limit: '16', numberPhases: '' }] },
    schema: flatSchema,
    refusedMessage: () => 'Some fields need attention.',
  });
  const submit = async () => {
    const checked = form.check();
    if (!checked) return;
    const body = profileBodyOf(checked.body) as ChargingProfileInput;
    const sent = await form.run(async () => {
      const answer = await apiRequest(path, { body, schema: z.unknown() });
      const said = describe(answer);
      pushToast(said.text, said.ok ? 'success' : 'error');
      await queryClient.invalidateQueries({ queryKey: invalidate });
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
            <p>
              {forLocation
                ? 'Kept for the location: sent now to its chargers that are online, and to each of its chargers whenever it starts up.'
                : 'Sent to the charger now. It replaces the profile of the same purpose, stack level and connector there.'}
            </p>
          </div>
        }
        submitLabel={forLocation ? 'Add default profile' : 'Set profile'}
        onSubmit={() => void submit()}
        onCancel={onClose}
      />
    </ActionDialog>
  );
}
