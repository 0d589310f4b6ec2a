import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { settlementResource } from '@domain/resources/settlements/settlement';
import { formatInr } from '@domain/format-money';
import { SETTLEMENT_COMMISSION_PERCENT, SETTLEMENT_GST_PERCENT } from '@domain/settlement-amounts';
import { SETTLEMENT_CSV_MAX_ROWS } from '@domain/settlement-csv';
import { settlementUploadPreviewSchema, type SettlementUploadPreview } from '@domain/settlement-upload';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { useIdempotencyKey } from '@data/use-idempotency-key';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { ResultTable, type ResultColumn } from '@ui/result-table';
import { pushToast } from '@state/toasts';
import { useCan } from '@resources/gated-action';
import { NoAccess } from '@resources/no-access';
import './settlement.css';

const LIST = settlementResource.views[0]!.path;
const API = settlementResource.apiPath;

/** Upload settlements (/finance-management/settlement-history/upload): a CSV of bookings, a preview, then one settlement per host. */
export function SettlementUploadPage() {
  const allowed = useCan('ROLE_CREATE_SETTLEMENT');
  if (!allowed) return <NoAccess permission="ROLE_CREATE_SETTLEMENT" title="Upload settlements" />;
  return <SettlementUpload />;
}

function SettlementUpload() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [preview, setPreview] = useState<SettlementUploadPreview | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'preview' | 'commit' | null>(null);
  const idempotencyKey = useIdempotencyKey(file?.csv ?? null);

  const choose = async (chosen: File | undefined) => {
    setPreview(null);
    setError(undefined);
    if (!chosen) return setFile(null);
    if (chosen.size > 900_000) {
      setFile(null);
      return setError('The file is larger than 900 KB: split it into smaller files.');
    }
    const csv = await chosen.text();
    setFile({ name: chosen.name, csv });
    setBusy('preview');
    try {
      setPreview(await apiRequest(`${API}/upload/preview`, { method: 'POST', body: { csv }, schema: settlementUploadPreviewSchema }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const commit = async () => {
    if (!file) return;
    setBusy('commit');
    setError(undefined);
    try {
      const created = (await apiRequest(`${API}/upload/commit`, { method: 'POST', body: { csv: file.csv }, headers: { 'Idempotency-Key': idempotencyKey } })) as { items: { id: number }[]; count: number };
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(settlementResource.name).all });
      pushToast(`${created.count} ${created.count === 1 ? 'settlement' : 'settlements'} created`, 'success');
      navigate(created.count === 1 ? `${LIST}/${created.items[0]!.id}` : LIST);
    } catch (e) {
      setBusy(null);
      setError(errorMessage(e));
    }
  };

  const n = preview?.settlements.length ?? 0;
  return (
    <section className="page resource-page settlement-upload" aria-labelledby="settlement-upload-title">
      <header className="resource-page__header">
        <h1 id="settlement-upload-title">Upload settlements</h1>
        <div className="resource-page__actions">
          <Link href={`${LIST}/add`} className="ui-button ui-button--secondary ui-button--md">
            Add by hand
          </Link>
          <Link href={LIST} className="ui-button ui-button--ghost ui-button--md">
            Cancel
          </Link>
        </div>
      </header>
      <div className="resource-form">
        <fieldset className="resource-form__section">
          <legend>CSV file</legend>
          <p className="ui-field__description">
            A header row <code>booking_id,amount_inr</code>, then one completed booking per row (at most {SETTLEMENT_CSV_MAX_ROWS.toLocaleString('en-IN')}).
            <code> amount_inr</code> is optional: when given it must match the booking. One settlement is drafted per host, with{' '}
            {SETTLEMENT_COMMISSION_PERCENT}% commission and {SETTLEMENT_GST_PERCENT}% GST on it. Nothing is written until you create them.
          </p>
          <label className="ui-field">
            <span className="ui-field__label">Bookings CSV</span>
            <input type="file" accept=".csv,text/csv" onChange={(e) => void choose(e.target.files?.[0])} disabled={busy !== null} />
          </label>
        </fieldset>
        {busy === 'preview' ? <LoadingIndicator label="Checking the file" /> : null}
        {error ? (
          <p className="resource-form__error" role="alert">
            {error}
          </p>
        ) : null}
        {preview ? <PreviewTables preview={preview} fileName={file?.name ?? ''} /> : null}
        {preview ? (
          <div className="resource-form__actions">
            <Button variant="primary" onPress={() => void commit()} isDisabled={!preview.ok || busy !== null}>
              {busy === 'commit' ? 'Creating…' : `Create ${n} ${n === 1 ? 'settlement' : 'settlements'}`}
            </Button>
            {!preview.ok ? <span className="ui-field__description">Fix the rows with problems and choose the file again.</span> : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The settlements an upload would create, one per host. */
const settlementColumns: readonly ResultColumn<SettlementUploadPreview['settlements'][number]>[] = [
  { id: 'host', header: 'Host', render: (s) => s.hostName ?? s.hostId },
  {
    id: 'period',
    header: 'Period',
    render: (s) => (
      <>
        {s.periodFrom} to {s.periodTo}
      </>
    ),
  },
  { id: 'bookings', header: 'Bookings', render: (s) => s.bookingIds.length },
  { id: 'gross', header: 'Gross amount', render: (s) => formatInr(s.grossAmount) },
  { id: 'commission', header: 'Commission', render: (s) => formatInr(s.commission) },
  { id: 'gst', header: 'GST', render: (s) => formatInr(s.gst) },
  { id: 'net', header: 'Net payable', render: (s) => formatInr(s.netPayable) },
];

/** The file's rows, each OK or with its problems (and the column each is in). */
const rowColumns: readonly ResultColumn<SettlementUploadPreview['rows'][number]>[] = [
  { id: 'line', header: 'Line', render: (r) => r.line },
  { id: 'booking', header: 'Booking', render: (r) => r.bookingId ?? '-' },
  { id: 'amount', header: 'Amount', render: (r) => formatInr(r.amountPaise) },
  {
    id: 'result',
    header: 'Result',
    render: (r) =>
      r.errors.length === 0 ? (
        'OK'
      ) : (
        <ul className="settlement-upload__errors">
          {r.errors.map((e) => (
            <li key={`${e.column}:${e.message}`}>
              {e.column ? <strong>{e.column}: </strong> : null}
              {e.message}
            </li>
          ))}
        </ul>
      ),
  },
];

function PreviewTables({ preview, fileName }: { preview: SettlementUploadPreview; fileName: string }) {
  return (
    <>
      <p role="status" aria-live="polite">
        {fileName}: {preview.rows.length} {preview.rows.length === 1 ? 'row' : 'rows'},{' '}
        {preview.ok ? 'all fine.' : `${preview.errorCount} with problems.`}
      </p>
      {preview.settlements.length > 0 ? (
        <section className="detail-section" aria-label="Settlements to create">
          <h2>Settlements to create</h2>
          <ResultTable columns={settlementColumns} rows={preview.settlements} rowKey={(s) => s.hostId} />
        </section>
      ) : null}
      <section className="detail-section" aria-label="Rows">
        <h2>Rows</h2>
        <ResultTable columns={rowColumns} rows={preview.rows} rowKey={(r) => r.line} rowClassName={(r) => (r.errors.length > 0 ? 'settlement-upload__bad' : undefined)} />
      </section>
    </>
  );
}
