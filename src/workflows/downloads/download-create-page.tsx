import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { listParamsToSearch } from '@domain/resource/list-query';
import { resourceByName } from '@domain/resource/registry';
import { errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { fetchList } from '@data/resource-api';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { pushToast } from '@state/toasts';
import { initialTableState, listParamsOf, tableStore, type TableState } from '@state/table-state';
import { FilterBar } from '@resources/filter-bar';
import { createDownload, fetchDownloadOptions } from './download-api';
import { watchDownload } from './download-watch';
import './downloads.css';

/**
 * Create a download (`/downloads-management/create`): a report type of Download Configuration (its list, the
 * columns it offers with the default ones ticked, its row limit), the list's own filters and search, CSV or Excel.
 * The number of matching rows is shown before anything is made; the server refuses past the row limit.
 */
export function DownloadCreatePage() {
  const options = useQuery({ queryKey: ['downloads', 'options'], queryFn: ({ signal }) => fetchDownloadOptions(signal) });
  return (
    <section className="page" aria-labelledby="download-create-title">
      <h1 id="download-create-title">New download</h1>
      {options.isPending ? (
        <LoadingIndicator label="Loading report types" showLabel />
      ) : options.error ? (
        <div role="alert">
          <p>{errorMessage(options.error)}</p>
          <Button onPress={() => void options.refetch()}>Try again</Button>
        </div>
      ) : options.data.reports.length === 0 ? (
        <p>No report can be downloaded with your permissions.</p>
      ) : (
        <DownloadForm reports={options.data.reports} />
      )}
    </section>
  );
}

type Report = Awaited<ReturnType<typeof fetchDownloadOptions>>['reports'][number];

function DownloadForm({ reports }: { reports: Report[] }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [reportType, setReportType] = useState(reports[0]!.reportType);
  const report = reports.find((r) => r.reportType === reportType)!;
  const resource = resourceByName(report.resource);
  const [picked, setPicked] = useState<Record<string, string[]>>({});
  const columns = picked[reportType] ?? report.columns.filter((c) => c.isDefault).map((c) => c.field);
  const [format, setFormat] = useState<'CSV' | 'XLSX'>('CSV');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  const searchRef = useRef<HTMLInputElement>(null);
  // The filters live in the table store under this page's own key (the filter bar is the list's).
  const listKey = `download-create:${resource.name}`;
  const stored = useSnapshot(tableStore).lists[listKey] as TableState | undefined;
  const state = stored ?? initialTableState();
  const update = (change: () => void) => {
    if (!tableStore.lists[listKey]) tableStore.lists[listKey] = initialTableState();
    change();
  };
  const params = useMemo(() => ({ ...listParamsOf(state), page: 0, size: 1 }), [state]);
  const search = listParamsToSearch(params);
  const count = useQuery({ queryKey: queryKeys.resource(resource.name).list({ ...params.filters, q: params.q, sort: params.sort, size: 1, purpose: 'download-count' }), queryFn: ({ signal }) => fetchList(resource, params, signal) });
  const over = count.data ? count.data.count > report.maxRows : false;

  const toggle = (field: string) => setPicked((p) => ({ ...p, [reportType]: columns.includes(field) ? columns.filter((f) => f !== field) : [...columns, field] }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (columns.length === 0) {
      setError('Choose at least one column.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      const ordered = report.columns.map((c) => c.field).filter((f) => columns.includes(f));
      const created = await createDownload({ reportType, query: search, format, columns: ordered }, `${key}-${reportType}-${format}-${search}-${ordered.join(',')}`);
      watchDownload(created);
      pushToast(`Download #${String(created.id)} of ${report.title} started. We will tell you when the file is ready.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.resource('downloads').all });
      navigate('/downloads-management/my-downloads');
    } catch (err) {
      setError(errorMessage(err));
      setPending(false);
    }
  };

  return (
    <form className="download-create" onSubmit={(e) => void submit(e)}>
      <label className="ui-field">
        <span className="ui-field__label">Report type</span>
        <select value={reportType} onChange={(e) => setReportType(e.target.value)}>
          {reports.map((r) => (
            <option key={r.reportType} value={r.reportType}>
              {r.title} (up to {r.maxRows.toLocaleString('en-IN')} rows)
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>Filters and search</legend>
        <FilterBar resource={resource} listKey={listKey} state={state} update={update} searchRef={searchRef} onSubmitSearch={() => undefined} />
        <p aria-live="polite">
          {count.isPending ? (
            'Counting matching rows…'
          ) : count.error ? (
            errorMessage(count.error)
          ) : (
            <>
              {count.data.countExact ? '' : 'About '}
              {count.data.count.toLocaleString('en-IN')} matching {count.data.count === 1 ? 'row' : 'rows'}
              {over ? (
                <strong className="download-create__error">
                  {' '}
                  — more than this report’s limit of {report.maxRows.toLocaleString('en-IN')} rows. Narrow the filters first.
                </strong>
              ) : null}
            </>
          )}
        </p>
      </fieldset>
      <fieldset>
        <legend>Columns</legend>
        <div className="download-create__columns">
          {report.columns.map((c) => (
            <label key={c.field}>
              <input type="checkbox" checked={columns.includes(c.field)} onChange={() => toggle(c.field)} /> {c.header}
            </label>
          ))}
        </div>
      </fieldset>
      <RadioGroup value={format} onChange={(v) => setFormat(v as 'CSV' | 'XLSX')} className="export-form__formats" orientation="horizontal">
        <Label>Format</Label>
        <Radio value="CSV">CSV</Radio>
        <Radio value="XLSX">Excel (.xlsx)</Radio>
      </RadioGroup>
      {error ? (
        <p role="alert" className="download-create__error">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="primary" isDisabled={pending || over}>
          {pending ? 'Starting…' : 'Create download'}
        </Button>
      </div>
    </form>
  );
}
