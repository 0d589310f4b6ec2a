import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link, type RouteComponentProps } from 'wouter';
import {
  BULK_RESULTS_ROUTE,
  BULK_RUN_ITEMS_MAX_SIZE,
  BULK_RUNS_PATH,
  bulkItemResultLabels,
  bulkItemResults,
  bulkResultsHref,
  bulkRunItemsSchema,
  bulkRunListSchema,
  bulkRunSchema,
  type BulkItemResult,
  type BulkRun,
  type BulkRunItem,
} from '@domain/bulk-runs';
import { csvText } from '@domain/csv';
import { formatDateTime } from '@domain/format-date';
import { routeFor, type Resource } from '@domain/resource/define-resource';
import { findResource } from '@domain/resource/registry';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryDetailPath } from '@resources/record-href';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { ResultTable } from '@ui/result-table';
import './bulk-results.css';

const tone: Record<BulkItemResult, string> = { changed: 'success', unchanged: 'info', refused: 'danger' };

/** Query keys of the results pages. */
const keys = {
  run: (id: string) => ['bulk-runs', id] as const,
  items: (id: string, result: string, q: string) => ['bulk-runs', id, 'items', result, q] as const,
  mine: ['bulk-runs', 'mine'] as const,
};

/** The record page of one record of a run's resource. */
function recordPage(resource: Resource, id: string): string {
  const byQuery = queryDetailPath(resource);
  return byQuery ? `${byQuery}?id=${encodeURIComponent(id)}` : routeFor(resource.detailPath, id);
}

const count = (n: number) => n.toLocaleString('en-IN');
const records = (resource: Resource | undefined, n: number) => `${count(n)} ${resource ? (n === 1 ? resource.title : resource.plural).toLowerCase() : n === 1 ? 'record' : 'records'}`;

/**
 * Bulk results (not in the side menu; the user menu's "My bulk runs" and the bulk bar's toast lead here): one bulk
 * run's action, who ran it and when, its counts, then each record (its label, linked to its page), its result and why
 * it was refused, filterable by result and by text, exportable as CSV; with no run named, the user's own runs.
 */
export function BulkResultsPage({ params }: RouteComponentProps<{ runId?: string }>) {
  return params.runId ? <RunResults runId={params.runId} /> : <MyRuns />;
}

function RunResults({ runId }: { runId: string }) {
  const [result, setResult] = useState<BulkItemResult | ''>('');
  const [typed, setTyped] = useState('');
  const q = useDeferredValue(typed.trim());
  const run = useQuery({ queryKey: keys.run(runId), queryFn: ({ signal }) => apiRequest(`${BULK_RUNS_PATH}/${encodeURIComponent(runId)}`, { schema: bulkRunSchema, signal }) });
  const items = useQuery({
    queryKey: keys.items(runId, result, q),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ size: String(BULK_RUN_ITEMS_MAX_SIZE), ...(result ? { result } : {}), ...(q ? { q } : {}) });
      return apiRequest(`${BULK_RUNS_PATH}/${encodeURIComponent(runId)}/items?${query}`, { schema: bulkRunItemsSchema, signal });
    },
    enabled: run.isSuccess,
    placeholderData: keepPreviousData,
  });
  const resource = run.data ? findResource(run.data.resource) : undefined;
  const shown = items.data?.items ?? [];

  const download = () => {
    const rows = [['Id', 'Record', 'Result', 'Reason'], ...shown.map((i) => [i.recordId, i.label ?? '', bulkItemResultLabels[i.result], i.reason ?? ''])];
    const url = URL.createObjectURL(new Blob([csvText(rows)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `bulk-results-${runId}${result ? `-${result}` : ''}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section className="page resource-page bulk-results" aria-labelledby="bulk-results-title">
      <header className="resource-page__header">
        <h1 id="bulk-results-title">{run.data ? `${run.data.action}: results` : 'Bulk results'}</h1>
        <div className="resource-page__actions">
          <Link href={BULK_RESULTS_ROUTE} className="ui-button ui-button--ghost ui-button--md">
            My bulk runs
          </Link>
          {resource?.views[0] ? (
            <Link href={resource.views[0].path} className="ui-button ui-button--secondary ui-button--md">
              {resource.views[0].title}
            </Link>
          ) : null}
        </div>
      </header>
      {run.isPending ? (
        <LoadingIndicator label="Loading the results…" showLabel />
      ) : run.isError ? (
        <p role="alert">The results could not be loaded: {errorMessage(run.error)}</p>
      ) : (
        <>
          <RunSummary run={run.data} resource={resource} />
          <div className="bulk-results__filters">
            <label className="ui-field">
              <span className="ui-field__label">Result</span>
              <select className="ui-field__input" value={result} onChange={(e) => setResult(e.target.value as BulkItemResult | '')}>
                <option value="">Every result ({count(run.data.total)})</option>
                {bulkItemResults.map((r) => (
                  <option key={r} value={r}>
                    {bulkItemResultLabels[r]} ({count(run.data[r])})
                  </option>
                ))}
              </select>
            </label>
            <label className="ui-field">
              <span className="ui-field__label">Find a record</span>
              <input className="ui-field__input" type="search" value={typed} placeholder="Title or id" maxLength={200} onChange={(e) => setTyped(e.target.value)} />
            </label>
            <Button variant="secondary" onPress={download} isDisabled={shown.length === 0}>
              Download CSV
            </Button>
          </div>
          {items.isPending ? (
            <LoadingIndicator label="Loading the records…" showLabel />
          ) : items.isError ? (
            <p role="alert">The records could not be loaded: {errorMessage(items.error)}</p>
          ) : shown.length === 0 ? (
            <p>{result || q ? 'No record of this run matches.' : 'This run acted on no record.'}</p>
          ) : (
            <ResultTable<BulkRunItem>
              label="Results by record"
              rows={shown}
              rowKey={(i) => i.position}
              columns={[
                {
                  id: 'record',
                  header: 'Record',
                  render: (i) =>
                    resource && i.label !== null ? (
                      <Link href={recordPage(resource, i.recordId)}>{i.label}</Link>
                    ) : (
                      <span>{i.label ?? `${resource?.title ?? 'Record'} ${i.recordId}`}</span>
                    ),
                },
                { id: 'id', header: 'Id', render: (i) => <span className="bulk-results__id">{i.recordId}</span> },
                { id: 'result', header: 'Result', render: (i) => <span className={`pill pill--${tone[i.result]}`}>{bulkItemResultLabels[i.result]}</span> },
                { id: 'reason', header: 'Reason', testId: 'bulk-reason', render: (i) => i.reason ?? '-' },
              ]}
            />
          )}
        </>
      )}
    </section>
  );
}

/** The run in a sentence: who, when, on what, and its counts in words. */
function RunSummary({ run, resource }: { run: BulkRun; resource: Resource | undefined }) {
  const parts = [`${count(run.changed)} changed`, `${count(run.unchanged)} already so`, `${count(run.refused)} refused`];
  const unfinished = run.finishedAt === null ? ` It stopped after ${records(resource, run.changed + run.unchanged + run.refused)}: the others were not acted on.` : '';
  return (
    <p className="bulk-results__summary" data-testid="bulk-summary">
      {`${run.userName ?? 'A user no longer here'} ran it on ${formatDateTime(run.createdAt)}, on ${records(resource, run.total)}: ${parts.join(', ')}.${unfinished}`}
    </p>
  );
}

function MyRuns() {
  const mine = useQuery({ queryKey: keys.mine, queryFn: ({ signal }) => apiRequest(`${BULK_RUNS_PATH}?size=50`, { schema: bulkRunListSchema, signal }) });
  return (
    <section className="page resource-page bulk-results" aria-labelledby="bulk-runs-title">
      <header className="resource-page__header">
        <h1 id="bulk-runs-title">My bulk runs</h1>
      </header>
      <p>The changes you made to many records at once, the latest first. A run opens its results record by record.</p>
      {mine.isPending ? (
        <LoadingIndicator label="Loading your runs…" showLabel />
      ) : mine.isError ? (
        <p role="alert">Your runs could not be loaded: {errorMessage(mine.error)}</p>
      ) : mine.data.items.length === 0 ? (
        <p>You have not changed many records at once yet: select records in a list and use the bar above it.</p>
      ) : (
        <ResultTable<BulkRun>
          label="My bulk runs"
          rows={mine.data.items}
          rowKey={(r) => r.id}
          columns={[
            { id: 'when', header: 'When', render: (r) => <Link href={bulkResultsHref(r.id)}>{formatDateTime(r.createdAt)}</Link> },
            { id: 'action', header: 'Action', render: (r) => r.action },
            { id: 'list', header: 'Records', render: (r) => records(findResource(r.resource), r.total) },
            { id: 'changed', header: 'Changed', render: (r) => count(r.changed) },
            { id: 'unchanged', header: 'Already so', render: (r) => count(r.unchanged) },
            { id: 'refused', header: 'Refused', render: (r) => count(r.refused) },
          ]}
        />
      )}
    </section>
  );
}
