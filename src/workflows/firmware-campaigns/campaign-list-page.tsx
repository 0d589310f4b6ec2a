import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { formatDateTime } from '@domain/format-date';
import {
  campaignDetailSchema,
  campaignFilterOptionsSchema,
  campaignPreviewSchema,
  campaignSummarySchema,
  createCampaignBodySchema,
  FIRMWARE_CAMPAIGNS_ROUTE,
  firmwareCampaignPaths,
  firmwareCampaignStateLabels,
  parseCampaignWaves,
  RUN_FIRMWARE_CAMPAIGN_PERMISSION,
  VIEW_FIRMWARE_CAMPAIGNS_PERMISSION,
  type CampaignFilters,
  type CampaignSummary,
  type FirmwareCampaignState,
} from '@domain/firmware-campaigns';
import { ApiError, apiRequest, errorMessage } from '@data/api-client';
import { useCan } from '@resources/gated-action';
import { NoAccess } from '@resources/no-access';
import { pushToast } from '@state/toasts';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { ResultTable } from '@ui/result-table';
import { z } from 'zod';
import '@resources/resources.css';
import './firmware-campaigns.css';

/** Query keys of the campaign pages; the live channel refreshes every one under ['firmware-campaigns']. */
export const campaignKeys = {
  all: ['firmware-campaigns'] as const,
  list: ['firmware-campaigns', 'list'] as const,
  options: ['firmware-campaigns', 'options'] as const,
  preview: (body: unknown) => ['firmware-campaigns', 'preview', body] as const,
  one: (id: string) => ['firmware-campaigns', 'one', id] as const,
  members: (id: string, params: Record<string, string | number>) => ['firmware-campaigns', 'members', id, params] as const,
};

export const stateTone: Record<FirmwareCampaignState, string> = { draft: 'info', running: 'info', paused: 'warning', completed: 'success', cancelled: 'danger' };
export const count = (n: number) => n.toLocaleString('en-IN');
export const chargersText = (n: number) => `${count(n)} ${n === 1 ? 'charger' : 'chargers'}`;

/** "12 of 100 chargers updated, 1 failed". */
export function progressText(c: CampaignSummary): string {
  const failed = c.counts.failed > 0 ? `, ${count(c.counts.failed)} failed` : '';
  return c.state === 'draft' ? `${chargersText(c.chargerCount)} match` : `${count(c.counts.succeeded)} of ${chargersText(c.chargerCount)} updated${failed}`;
}

/** Firmware campaigns (Charger Management): every campaign with its firmware, state and progress, and New campaign. */
export function CampaignListPage() {
  const allowed = useCan(VIEW_FIRMWARE_CAMPAIGNS_PERMISSION);
  const canRun = useCan(RUN_FIRMWARE_CAMPAIGN_PERMISSION);
  const list = useQuery({
    queryKey: campaignKeys.list,
    queryFn: ({ signal }) => apiRequest(firmwareCampaignPaths.list, { schema: z.object({ items: z.array(campaignSummarySchema) }), signal }),
    enabled: allowed,
  });
  if (!allowed) return <NoAccess permission={VIEW_FIRMWARE_CAMPAIGNS_PERMISSION} title="Firmware campaigns" />;
  return (
    <section className="page resource-page" aria-labelledby="fc-title">
      <header className="resource-page__header">
        <h1 id="fc-title">Firmware campaigns</h1>
        <div className="resource-page__actions">
          {canRun ? (
            <Link href={`${FIRMWARE_CAMPAIGNS_ROUTE}/new`} className="ui-button ui-button--primary ui-button--md">
              New campaign
            </Link>
          ) : null}
        </div>
      </header>
      <p>A firmware image rolled out to many chargers in waves: each wave starts once the one before has finished, and the campaign pauses itself when a wave fails too often.</p>
      {list.isPending ? (
        <LoadingIndicator label="Loading the campaigns…" showLabel />
      ) : list.isError ? (
        <p role="alert">The campaigns could not be loaded: {errorMessage(list.error)}</p>
      ) : list.data.items.length === 0 ? (
        <p>No firmware campaign yet.{canRun ? ' New campaign chooses an image and the chargers to update.' : ''}</p>
      ) : (
        <ResultTable<CampaignSummary>
          label="Firmware campaigns"
          rows={list.data.items}
          rowKey={(c) => c.id}
          columns={[
            { id: 'name', header: 'Name', render: (c) => <Link href={`${FIRMWARE_CAMPAIGNS_ROUTE}/${c.id}`}>{c.name}</Link> },
            { id: 'firmware', header: 'Firmware', render: (c) => (c.firmwareVersion ? `${c.firmwareVersion} (${c.firmwareName ?? 'image'})` : '-') },
            { id: 'state', header: 'State', testId: 'fc-state', render: (c) => <span className={`pill pill--${stateTone[c.state]}`}>{firmwareCampaignStateLabels[c.state]}</span> },
            { id: 'wave', header: 'Wave', render: (c) => (c.currentWave === null ? '-' : `${c.currentWave} of ${c.waves.length}`) },
            { id: 'progress', header: 'Progress', testId: 'fc-progress', render: (c) => progressText(c) },
            { id: 'created', header: 'Created', render: (c) => `${formatDateTime(c.createdAt)}${c.createdByName ? ` by ${c.createdByName}` : ''}` },
          ]}
        />
      )}
    </section>
  );
}

/** One filter of the form: a label, the values to choose from (value, label), "Any" for none. */
function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: readonly { value: string; label: string }[]; onChange: (v: string) => void }) {
  return (
    <label className="ui-field">
      <span className="ui-field__label">{label}</span>
      <select className="ui-field__input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

const text = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** New campaign: name, image, filters with the matching chargers counted as they change, waves, threshold, retrieve date. */
export function CampaignCreatePage() {
  const allowed = useCan(RUN_FIRMWARE_CAMPAIGN_PERMISSION);
  if (!allowed) return <NoAccess permission={RUN_FIRMWARE_CAMPAIGN_PERMISSION} title="New firmware campaign" />;
  return <CampaignForm />;
}

function CampaignForm() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [fileId, setFileId] = useState('');
  const [f, setF] = useState({ vendor: '', model: '', firmwareVersion: '', cityId: '', locationId: '', operatorId: '' });
  const [wavesText, setWavesText] = useState('');
  const [threshold, setThreshold] = useState('');
  const [retrieveAt, setRetrieveAt] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const options = useQuery({ queryKey: campaignKeys.options, queryFn: ({ signal }) => apiRequest(firmwareCampaignPaths.filterOptions, { schema: campaignFilterOptionsSchema, signal }) });

  const filters: CampaignFilters = {
    ...(f.vendor ? { vendors: [f.vendor] } : {}),
    ...(f.model ? { models: [f.model] } : {}),
    ...(f.firmwareVersion ? { firmwareVersions: [f.firmwareVersion] } : {}),
    ...(f.cityId ? { cityIds: [f.cityId] } : {}),
    ...(f.locationId ? { locationIds: [Number(f.locationId)] } : {}),
    ...(f.operatorId ? { operatorIds: [f.operatorId] } : {}),
  };
  const waves = wavesText.trim() === '' ? undefined : parseCampaignWaves(wavesText);
  const previewBody = useDeferredValue({ filters, ...(waves ? { waves } : {}) });
  const preview = useQuery({
    queryKey: campaignKeys.preview(previewBody),
    queryFn: ({ signal }) => apiRequest(firmwareCampaignPaths.preview, { body: previewBody, schema: campaignPreviewSchema, signal }),
    placeholderData: keepPreviousData,
  });
  const set = (key: keyof typeof f) => (value: string) => setF((old) => ({ ...old, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name,
      firmwareFileId: fileId,
      filters,
      ...(wavesText.trim() ? { waves: waves ?? wavesText } : {}),
      ...(threshold.trim() ? { failureThresholdPercent: Number(threshold) } : {}),
      ...(retrieveAt ? { retrieveDate: new Date(retrieveAt).toISOString() } : {}),
    };
    const parsed = createCampaignBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'name'), i.message])));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const made = await apiRequest(firmwareCampaignPaths.list, { body: parsed.data, schema: campaignDetailSchema });
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      pushToast(`Campaign “${made.name}” created as a draft: start it when ready.`, 'success');
      navigate(`${FIRMWARE_CAMPAIGNS_ROUTE}/${made.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.problem.errors) setErrors(Object.fromEntries(error.problem.errors.map((e) => [e.path.split('.')[0] ?? 'name', e.message])));
      pushToast(`The campaign was not created: ${errorMessage(error)}`, 'error');
    } finally {
      setPending(false);
    }
  };

  const o = options.data;
  return (
    <section className="page resource-page" aria-labelledby="fc-new-title">
      <header className="resource-page__header">
        <h1 id="fc-new-title">New firmware campaign</h1>
        <div className="resource-page__actions">
          <Link href={FIRMWARE_CAMPAIGNS_ROUTE} className="ui-button ui-button--ghost ui-button--md">
            Firmware campaigns
          </Link>
        </div>
      </header>
      {options.isPending ? (
        <LoadingIndicator label="Loading the images and chargers…" showLabel />
      ) : options.isError ? (
        <p role="alert">The images and chargers could not be loaded: {errorMessage(options.error)}</p>
      ) : (
        <form className="fc-form" onSubmit={(e) => void submit(e)} noValidate>
          <div className="fc-form__row">
            <label className="ui-field">
              <span className="ui-field__label">Name</span>
              <input className="ui-field__input" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(errors.name)} aria-describedby="fc-name-error" />
              {errors.name ? <span id="fc-name-error" className="ui-field__error">{errors.name}</span> : null}
            </label>
            <label className="ui-field">
              <span className="ui-field__label">Firmware image</span>
              <select className="ui-field__input" value={fileId} onChange={(e) => setFileId(e.target.value)} aria-invalid={Boolean(errors.firmwareFileId)} aria-describedby="fc-file-error">
                <option value="">Choose an image</option>
                {o!.files.map((file) => (
                  <option key={file.id} value={file.id}>
                    {`${file.version} · ${file.name}${file.vendor ? ` (${[file.vendor, file.model].filter(Boolean).join(' ')})` : ''}`}
                  </option>
                ))}
              </select>
              {errors.firmwareFileId ? <span id="fc-file-error" className="ui-field__error">{errors.firmwareFileId}</span> : o!.files.length === 0 ? <span className="ui-field__description">No image uploaded yet: upload one on the Firmware page first.</span> : null}
            </label>
          </div>
          <fieldset className="fc-form__row">
            <legend>Chargers (OCPP chargers matching every filter)</legend>
            <FilterSelect label="Vendor" value={f.vendor} options={text(o!.vendors)} onChange={set('vendor')} />
            <FilterSelect label="Model" value={f.model} options={text(o!.models)} onChange={set('model')} />
            <FilterSelect label="Current firmware version" value={f.firmwareVersion} options={text(o!.firmwareVersions)} onChange={set('firmwareVersion')} />
            <FilterSelect label="City" value={f.cityId} options={o!.cities.map((c) => ({ value: c.id, label: c.name }))} onChange={set('cityId')} />
            <FilterSelect label="Location" value={f.locationId} options={o!.locations.map((l) => ({ value: String(l.id), label: l.name }))} onChange={set('locationId')} />
            <FilterSelect label="Operator" value={f.operatorId} options={o!.operators.map((c) => ({ value: c.id, label: c.name }))} onChange={set('operatorId')} />
          </fieldset>
          <div aria-live="polite" data-testid="fc-match">
            {preview.isError ? (
              <p role="alert">The chargers could not be counted: {errorMessage(preview.error)}</p>
            ) : preview.data ? (
              <p>
                <span className="fc-match">{chargersText(preview.data.count)} match.</span>{' '}
                {preview.data.waveSizes.length > 0 ? `Waves of ${preview.data.waveSizes.map(count).join(', ')} ${preview.data.count === 1 ? 'charger' : 'chargers'}.` : 'No wave: nothing would be updated.'}
              </p>
            ) : (
              <LoadingIndicator label="Counting the chargers…" showLabel />
            )}
          </div>
          <div className="fc-form__row">
            <label className="ui-field">
              <span className="ui-field__label">Waves (cumulative %, e.g. 1,10,100)</span>
              <input className="ui-field__input" value={wavesText} placeholder="The server's default" onChange={(e) => setWavesText(e.target.value)} aria-invalid={Boolean(errors.waves) || waves === null} aria-describedby="fc-waves-error" />
              {errors.waves || waves === null ? (
                <span id="fc-waves-error" className="ui-field__error">
                  {errors.waves ?? 'Rising percentages separated by commas, the last 100'}
                </span>
              ) : null}
            </label>
            <label className="ui-field">
              <span className="ui-field__label">Pause when a wave fails above (%)</span>
              <input className="ui-field__input" inputMode="numeric" value={threshold} placeholder="The server's default" onChange={(e) => setThreshold(e.target.value)} aria-invalid={Boolean(errors.failureThresholdPercent)} aria-describedby="fc-threshold-error" />
              {errors.failureThresholdPercent ? <span id="fc-threshold-error" className="ui-field__error">{errors.failureThresholdPercent}</span> : null}
            </label>
            <label className="ui-field">
              <span className="ui-field__label">Chargers fetch the image from (optional)</span>
              <input className="ui-field__input" type="datetime-local" value={retrieveAt} onChange={(e) => setRetrieveAt(e.target.value)} />
            </label>
          </div>
          <div>
            <Button type="submit" variant="primary" isPending={pending}>
              Create campaign
            </Button>
          </div>
          {preview.data && preview.data.chargers.length > 0 ? (
            <ResultTable
              label="Chargers matching"
              rows={preview.data.chargers}
              rowKey={(c) => c.chargerId}
              columns={[
                { id: 'charger', header: 'Charger', render: (c) => c.uniqueId },
                { id: 'vendor', header: 'Vendor and model', render: (c) => [c.vendor, c.model].filter(Boolean).join(' ') || '-' },
                { id: 'firmware', header: 'Firmware now', render: (c) => c.firmwareVersion ?? '-' },
                { id: 'place', header: 'Where', render: (c) => [c.locationName, c.cityName].filter(Boolean).join(', ') || '-' },
              ]}
            />
          ) : null}
        </form>
      )}
    </section>
  );
}
