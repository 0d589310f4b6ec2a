import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { settlementResource } from '@domain/resources/settlements/settlement';
import { routeFor } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { SETTLEMENT_COMMISSION_PERCENT, SETTLEMENT_GST_PERCENT } from '@domain/settlement-amounts';
import { settlementCreateSchema } from '@domain/settlement-upload';
import { ApiError, apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { useIdempotencyKey } from '@data/use-idempotency-key';
import { useSession } from '@app/session/session-context';
import { Button } from '@ui/button';
import { pushToast } from '@state/toasts';
import { FieldInput } from '@resources/field-input';
import { emptyRaw, fromRaw, type RawValue } from '@resources/form-values';
import { useCan } from '@resources/gated-action';
import { NoAccess } from '@resources/no-access';
import { useLeaveGuard } from '@resources/use-leave-guard';

const LIST = settlementResource.views[0]!.path;
const fields = {
  hostId: f.relation('Host', 'users', { idType: 'uuid', required: true }),
  periodFrom: f.date('Period from', { required: true }),
  periodTo: f.date('Period to', { required: true }),
  bookingIds: f.longText('Booking numbers', { max: 20_000, help: 'Optional: completed bookings of this host to settle now, separated by commas, spaces or lines.' }),
  notes: f.longText('Notes', { max: 2000 }),
} as const;
type Name = keyof typeof fields;

/** Booking numbers typed in a box (commas, spaces or lines between them); undefined when something is not a number. */
export function parseBookingNumbers(text: string): number[] | undefined {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.some((p) => !/^[1-9][0-9]{0,14}$/.test(p))) return undefined;
  return parts.map(Number);
}

/** Add settlement (/finance-management/settlement-history/add): a host, a period and optionally bookings settled at once. */
export function SettlementAddPage() {
  const allowed = useCan('ROLE_CREATE_SETTLEMENT');
  if (!allowed) return <NoAccess permission="ROLE_CREATE_SETTLEMENT" title="Add settlement" />;
  return <SettlementAddForm />;
}

function SettlementAddForm() {
  const { globalConfig } = useSession();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<Record<Name, RawValue>>(() => Object.fromEntries(Object.entries(fields).map(([k, d]) => [k, emptyRaw(d)])) as Record<Name, RawValue>);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const idempotencyKey = useIdempotencyKey(values);
  useLeaveGuard(dirty && !saving);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    for (const name of ['hostId', 'periodFrom', 'periodTo', 'notes'] as const) {
      const value = fromRaw(fields[name], values[name]);
      if (value !== undefined && value !== '') body[name] = value;
    }
    const bookingText = String(values.bookingIds ?? '');
    const bookingIds = parseBookingNumbers(bookingText);
    if (bookingIds === undefined) {
      setErrors({ bookingIds: 'Give booking numbers only, separated by commas, spaces or lines' });
      setFormError('Some fields need attention.');
      return;
    }
    if (bookingIds.length > 0) body.bookingIds = bookingIds;
    const checked = settlementCreateSchema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [i.path.map(String).join('.').replace(/^bookingIds\..*/, 'bookingIds'), i.message])));
      setFormError('Some fields need attention.');
      return;
    }
    setSaving(true);
    setErrors({});
    setFormError(undefined);
    try {
      const saved = (await apiRequest(settlementResource.apiPath, { method: 'POST', body: checked.data, headers: { 'Idempotency-Key': idempotencyKey } })) as Record<string, unknown>;
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(settlementResource.name).all });
      pushToast('Settlement created', 'success');
      navigate(routeFor(settlementResource.detailPath, String(saved.id)));
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiError && error.problem.errors?.length) setErrors(Object.fromEntries(error.problem.errors.map((e) => [e.path === 'bookingId' ? 'bookingIds' : e.path, e.message])));
      setFormError(errorMessage(error));
    }
  };

  return (
    <section className="page resource-page" aria-labelledby="settlement-add-title">
      <header className="resource-page__header">
        <h1 id="settlement-add-title">Add settlement</h1>
        <div className="resource-page__actions">
          <Link href={`${LIST}/upload`} className="ui-button ui-button--secondary ui-button--md">
            Upload CSV
          </Link>
          <Link href={LIST} className="ui-button ui-button--ghost ui-button--md">
            Cancel
          </Link>
        </div>
      </header>
      <form className="resource-form" onSubmit={submit} noValidate aria-describedby={formError ? 'settlement-add-error' : undefined}>
        <fieldset className="resource-form__section">
          <legend>Settlement</legend>
          <p className="ui-field__description">
            Amounts are computed from the bookings: gross booking amount, {SETTLEMENT_COMMISSION_PERCENT}% commission, {SETTLEMENT_GST_PERCENT}% GST on the
            commission, and the rest paid to the host. Bookings can also be settled one by one on the draft.
          </p>
          <div className="resource-form__grid">
            {(Object.keys(fields) as Name[]).map((name) => (
              <div key={name} className={fields[name].inputKind === 'textarea' ? 'resource-form__wide' : undefined}>
                <FieldInput
                  path={name}
                  def={fields[name]}
                  value={values[name]}
                  onChange={(value) => {
                    setDirty(true);
                    setValues((prev) => ({ ...prev, [name]: value }));
                    setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => k !== name)));
                  }}
                  errors={errors}
                  cdnBase={globalConfig?.imageCDNUrl}
                  isRequired={fields[name].required}
                />
              </div>
            ))}
          </div>
        </fieldset>
        {formError ? (
          <p id="settlement-add-error" className="resource-form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="resource-form__actions">
          <Button type="submit" variant="primary" isDisabled={saving}>
            {saving ? 'Saving…' : 'Create settlement'}
          </Button>
          <Link href={LIST} className="ui-button ui-button--ghost ui-button--md">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
