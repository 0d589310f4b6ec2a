import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { chargerResource } from '@domain/resources/chargers/charger';
import { routeFor } from '@domain/resource/define-resource';
import { formatIndianMobile } from '@domain/phone';
import {
  TRANSFER_DEVICE_PERMISSION,
  transferDevicePaths,
  transferDevicePreviewSchema,
  transferDraftFromQuery,
  transferDeviceDraftSchema,
  type TransferDevicePreview,
  type TransferHost,
} from '@domain/transfer-device';
import { ApiError, apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { fetchRecord } from '@data/resource-api';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { LoadingIndicator } from '@ui/loading-indicator';
import { TextField } from '@ui/text-field';
import { pushToast } from '@state/toasts';
import { useCan } from '@resources/gated-action';
import { NoAccess } from '@resources/no-access';
import '@resources/resources.css';
import './transfer-device.css';

type Field = 'uniqueId' | 'phoneNumber';
const LIST = chargerResource.views[0]!.path;
const typeLabel = (code: string) => chargerResource.allFields.chargerType?.options?.find((o) => o.value === code)?.label ?? code;

/** "Business, Name · +91 98765 43210", or "No host". */
export function hostLine(host: TransferHost | null): string {
  if (!host) return 'No host';
  const who = [host.businessName, host.name].filter(Boolean).join(', ') || 'Unnamed user';
  return `${who} · ${formatIndianMobile(host.mobileNumber)}`;
}

/** Transfer device (/charger-management/transfer-device): a charger's unique id and a host's number, a preview of from and to, then the move. */
export function TransferDevicePage() {
  const allowed = useCan(TRANSFER_DEVICE_PERMISSION);
  if (!allowed) return <NoAccess permission={TRANSFER_DEVICE_PERMISSION} title="Transfer device" />;
  return <TransferDeviceForm />;
}

function TransferDeviceForm() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const search = useSearch();
  const given = transferDraftFromQuery(search);
  const [values, setValues] = useState<Record<Field, string>>({ uniqueId: given.uniqueId ?? '', phoneNumber: given.phoneNumber ?? '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [preview, setPreview] = useState<TransferDevicePreview | null>(null);
  const [busy, setBusy] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);
  const previewRef = useRef<HTMLHeadingElement>(null);

  // Opened from a charger (the palette's "Transfer device…" on its page): its unique id is filled in.
  const fromCharger = useQuery({
    queryKey: queryKeys.resource(chargerResource.name).one(given.chargerId ?? ''),
    queryFn: ({ signal }) => fetchRecord(chargerResource, given.chargerId!, signal),
    enabled: given.chargerId !== undefined && !given.uniqueId,
  });
  const loadedUniqueId = fromCharger.data?.uniqueId;
  useEffect(() => {
    if (typeof loadedUniqueId !== 'string') return;
    setValues((prev) => (prev.uniqueId ? prev : { ...prev, uniqueId: loadedUniqueId }));
    phoneRef.current?.focus();
  }, [loadedUniqueId]);

  useEffect(() => {
    if (preview) previewRef.current?.focus();
  }, [preview]);

  const change = (field: Field, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
    setFormError(undefined);
    setPreview(null);
  };

  const showProblem = (error: unknown) => {
    const fieldErrors = error instanceof ApiError ? (error.problem.errors ?? []).filter((e) => e.path === 'uniqueId' || e.path === 'phoneNumber') : [];
    if (fieldErrors.length > 0) setErrors(Object.fromEntries(fieldErrors.map((e) => [e.path, e.message])));
    setFormError(fieldErrors.length > 0 ? 'Fix the field marked below and preview again.' : errorMessage(error));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPreview(null);
    const checked = transferDeviceDraftSchema.safeParse(values);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      setFormError('Some fields need attention.');
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError(undefined);
    try {
      setPreview(await apiRequest(transferDevicePaths.preview, { method: 'POST', body: checked.data, schema: transferDevicePreviewSchema }));
    } catch (error) {
      showProblem(error);
    } finally {
      setBusy(false);
    }
  };

  const transfer = async () => {
    if (!preview) return;
    const draft = transferDeviceDraftSchema.parse(values);
    try {
      const done = await apiRequest(transferDevicePaths.transfer, {
        method: 'POST',
        body: { ...draft, fromHostId: preview.from?.userId ?? null },
        schema: transferDevicePreviewSchema,
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(chargerResource.name).all });
      await queryClient.invalidateQueries({ queryKey: ['audit', chargerResource.name, String(done.charger.id)] });
      pushToast(`${done.charger.uniqueId} transferred to ${[done.to.businessName, done.to.name].filter(Boolean).join(', ') || formatIndianMobile(done.to.mobileNumber)}`, 'success');
      navigate(routeFor(chargerResource.detailPath, String(done.charger.id)));
    } catch (error) {
      // The host changed, or the charger or host did since the preview: show why and preview again from the fields.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        setPreview(null);
        showProblem(error);
        return;
      }
      pushToast(errorMessage(error), 'error');
      throw error;
    }
  };

  return (
    <section className="page resource-page transfer-device" aria-labelledby="transfer-device-title">
      <header className="resource-page__header">
        <h1 id="transfer-device-title">Transfer device</h1>
        <div className="resource-page__actions">
          <Link href={LIST} className="ui-button ui-button--ghost ui-button--md">
            All stations
          </Link>
        </div>
      </header>
      <form className="resource-form" onSubmit={(e) => void submit(e)} noValidate aria-describedby={formError ? 'transfer-device-error' : undefined}>
        <fieldset className="resource-form__section">
          <legend>Charger and receiving host</legend>
          <p className="ui-field__description">
            Moves a charger to another host. Nothing changes until you confirm the preview; the move is recorded in the charger&apos;s history and can be
            reversed by another transfer.
          </p>
          <div className="resource-form__grid">
            <TextField
              label="Charger unique id"
              name="uniqueId"
              value={values.uniqueId}
              onChange={(v) => change('uniqueId', v)}
              errorMessage={errors.uniqueId}
              description="As printed on the charger, e.g. CZ000123"
              autoComplete="off"
              isRequired
              autoFocus={!given.chargerId}
            />
            <TextField
              label="Receiving host's mobile number"
              name="phoneNumber"
              type="tel"
              inputMode="tel"
              value={values.phoneNumber}
              onChange={(v) => change('phoneNumber', v)}
              errorMessage={errors.phoneNumber}
              description="10 digits, or with +91 or 0 in front"
              autoComplete="off"
              isRequired
              inputRef={phoneRef}
            />
          </div>
          {fromCharger.isFetching ? <LoadingIndicator label="Loading the charger" /> : null}
        </fieldset>
        {formError ? (
          <p id="transfer-device-error" className="resource-form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="resource-form__actions">
          <Button type="submit" variant={preview ? 'secondary' : 'primary'} isDisabled={busy}>
            {busy ? 'Checking…' : 'Preview transfer'}
          </Button>
        </div>
      </form>
      {busy ? <LoadingIndicator label="Checking the charger and the host" /> : null}
      {preview ? <TransferPreview preview={preview} headingRef={previewRef} onConfirm={transfer} /> : null}
    </section>
  );
}

function TransferPreview({ preview, headingRef, onConfirm }: { preview: TransferDevicePreview; headingRef: Ref<HTMLHeadingElement>; onConfirm: () => Promise<void> }) {
  const { charger, from, to } = preview;
  const location = [charger.locationName, charger.cityName].filter(Boolean).join(', ') || 'Not placed';
  return (
    <section className="detail-section transfer-device__preview" aria-labelledby="transfer-preview-title">
      <h2 id="transfer-preview-title" ref={headingRef} tabIndex={-1}>
        Preview
      </h2>
      <dl className="detail-grid">
        <div className="detail-grid__item">
          <dt>Charger</dt>
          <dd>
            <Link href={routeFor(chargerResource.detailPath, String(charger.id))}>{charger.uniqueId}</Link>
            {charger.isActive ? null : <span className="pill pill--neutral">Inactive</span>}
          </dd>
        </div>
        <div className="detail-grid__item">
          <dt>Type</dt>
          <dd>{typeLabel(charger.chargerType)}</dd>
        </div>
        <div className="detail-grid__item">
          <dt>Location</dt>
          <dd>{location}</dd>
        </div>
        <div className="detail-grid__item">
          <dt>From (current host)</dt>
          <dd data-testid="transfer-from">{hostLine(from)}</dd>
        </div>
        <div className="detail-grid__item">
          <dt>To (receiving host)</dt>
          <dd data-testid="transfer-to">{hostLine(to)}</dd>
        </div>
      </dl>
      <div className="resource-form__actions">
        <ConfirmDialog
          title={`Transfer ${charger.uniqueId}?`}
          confirmLabel="Transfer"
          confirmVariant="primary"
          onConfirm={onConfirm}
          trigger={<Button variant="primary">Transfer charger</Button>}
        >
          <p>
            {charger.uniqueId} moves from <strong>{hostLine(from)}</strong> to <strong>{hostLine(to)}</strong>.
          </p>
          <p>Its location stays as it is. The move is recorded in the charger&apos;s history; another transfer can move it back.</p>
        </ConfirmDialog>
      </div>
    </section>
  );
}
