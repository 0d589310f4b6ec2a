import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearch, type RouteComponentProps } from 'wouter';
import { csvText } from '@domain/csv';
import { formatDateTime } from '@domain/format-date';
import {
  MAX_COMMAND_CHARGERS,
  ocppCommandLabels,
  ocppCommandPageSchema,
  ocppCommandStatusLabels,
  ocppPaths,
  type OcppCommandAction,
  type OcppCommandView,
} from '@domain/ocpp';
import { commandAnswerText, commandBatchPath, ocppCommandBatchListSchema, pendingCommandStatuses } from '@domain/ocpp-batches';
import { chargerResource } from '@domain/resources/chargers/charger';
import { EXECUTE_COMMAND_PERMISSION } from '@commands/charger-commands';
import { apiRequest, errorMessage } from '@data/api-client';
import { useCan } from '@resources/gated-action';
import { NoAccess } from '@resources/no-access';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { ResultTable } from '@ui/result-table';
import './charger-commands.css';

/** The chargers' list the results page links back to when it was not told where it came from. */
const CHARGERS_LIST = chargerResource.views[0]!.path;

const label = (action: string) => ocppCommandLabels[action as OcppCommandAction] ?? action;
const tone = (status: string) => (status === 'accepted' ? 'success' : pendingCommandStatuses.includes(status) ? 'info' : status === 'rejected' || status === 'timedOut' ? 'warning' : 'danger');
const chargerPage = (id: number) => chargerResource.detailPath.replace(':id', String(id));

/** Query keys of the results pages: under `ocpp-commands`, which the live channel refreshes when a command settles. */
const batchKeys = { batch: (id: string) => ['ocpp-commands', 'batch', id] as const, recent: ['ocpp-commands', 'recent'] as const };

/** The back link's target: a console path the page was given (`?back=`), else the chargers' list. */
function backPath(search: string): string {
  const back = new URLSearchParams(search).get('back');
  return back && back.startsWith('/') && !back.startsWith('//') ? back : CHARGERS_LIST;
}

/**
 * Command results (Charger Management, not in the side menu): a batch's rows, one per charger (linked), its result in
 * words and the charger's reason, refreshed live as answers arrive, filterable by result, downloadable as CSV; with
 * no batch named, the latest batches.
 */
export function CommandBatchPage({ params }: RouteComponentProps<{ batchId?: string }>) {
  const allowed = useCan(EXECUTE_COMMAND_PERMISSION);
  if (!allowed) return <NoAccess permission={EXECUTE_COMMAND_PERMISSION} title="Command results" />;
  return params.batchId ? <BatchResults batchId={params.batchId} /> : <RecentBatches />;
}

function BatchResults({ batchId }: { batchId: string }) {
  const search = useSearch();
  const back = backPath(search);
  const [result, setResult] = useState('');
  const batch = useQuery({
    queryKey: batchKeys.batch(batchId),
    queryFn: ({ signal }) => apiRequest(`${ocppPaths.command}?batchId=${encodeURIComponent(batchId)}&size=${MAX_COMMAND_CHARGERS}`, { schema: ocppCommandPageSchema, signal }),
  });
  const items = batch.data?.items ?? [];
  const byStatus = new Map<string, number>();
  for (const item of items) byStatus.set(item.status, (byStatus.get(item.status) ?? 0) + 1);
  const shown = result ? items.filter((i) => i.status === result) : items;
  const first = items[0];
  const waiting = items.filter((i) => pendingCommandStatuses.includes(i.status)).length;

  const download = () => {
    const rows = [['Charger', 'Charge box id', 'Command', 'Result', 'Sent', 'Answered'], ...shown.map((i) => [i.chargerUniqueId ?? String(i.chargerId), i.chargeBoxId ?? '', label(i.action), commandAnswerText(i), formatDateTime(i.createdAt), i.answeredAt ? formatDateTime(i.answeredAt) : ''])];
    const url = URL.createObjectURL(new Blob([csvText(rows)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `command-results-${batchId.slice(0, 8)}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section className="page resource-page command-batch" aria-labelledby="command-batch-title">
      <header className="resource-page__header">
        <h1 id="command-batch-title">{first ? `${label(first.action)}: results` : 'Command results'}</h1>
        <div className="resource-page__actions">
          <Link href={commandBatchPath()} className="ui-button ui-button--ghost ui-button--md">
            Recent batches
          </Link>
          <Link href={back} className="ui-button ui-button--secondary ui-button--md">
            Back to the chargers
          </Link>
        </div>
      </header>
      {batch.isPending ? (
        <LoadingIndicator label="Loading the results…" showLabel />
      ) : batch.isError ? (
        <p role="alert">The results could not be loaded: {errorMessage(batch.error)}</p>
      ) : items.length === 0 ? (
        <p>No command was sent in this batch.</p>
      ) : (
        <>
          <p className="command-batch__summary" aria-live="polite" data-testid="batch-summary">
            {`Sent ${formatDateTime(first!.createdAt)}${first!.requestedByName ? ` by ${first!.requestedByName}` : ''} to ${items.length} charger${items.length === 1 ? '' : 's'}: `}
            {[...byStatus.entries()].map(([status, n]) => `${n} ${(ocppCommandStatusLabels[status] ?? status).toLowerCase()}`).join(', ')}
            {waiting > 0 ? '. The rows change as the answers arrive.' : '.'}
          </p>
          <div className="command-batch__filters">
            <label className="ui-field command-batch__filter">
              <span className="ui-field__label">Result</span>
              <select className="ui-field__input" value={result} onChange={(e) => setResult(e.target.value)}>
                <option value="">Every result ({items.length})</option>
                {[...byStatus.entries()].map(([status, n]) => (
                  <option key={status} value={status}>
                    {ocppCommandStatusLabels[status] ?? status} ({n})
                  </option>
                ))}
              </select>
            </label>
            <Button variant="secondary" onPress={download} isDisabled={shown.length === 0}>
              Download CSV
            </Button>
          </div>
          <ResultTable<OcppCommandView>
            className="ocpp-table"
            label="Results by charger"
            rows={shown}
            rowKey={(i) => i.id}
            columns={[
              { id: 'charger', header: 'Charger', render: (i) => <Link href={chargerPage(i.chargerId)}>{i.chargerUniqueId ?? `Charger ${i.chargerId}`}</Link> },
              { id: 'box', header: 'Charge box id', render: (i) => i.chargeBoxId ?? '-' },
              { id: 'result', header: 'Result', render: (i) => <span className={`pill pill--${tone(i.status)}`}>{ocppCommandStatusLabels[i.status] ?? i.status}</span> },
              { id: 'reason', header: 'Answer or reason', testId: 'batch-reason', render: (i) => (i.status === 'accepted' || pendingCommandStatuses.includes(i.status) ? commandAnswerText({ ...i, error: null }) : commandAnswerText(i)) },
              { id: 'answered', header: 'Answered', render: (i) => (i.answeredAt ? formatDateTime(i.answeredAt) : '-') },
            ]}
          />
        </>
      )}
    </section>
  );
}

function RecentBatches() {
  const recent = useQuery({ queryKey: batchKeys.recent, queryFn: ({ signal }) => apiRequest(`${ocppPaths.batches}?size=20`, { schema: ocppCommandBatchListSchema, signal }) });
  return (
    <section className="page resource-page command-batch" aria-labelledby="command-batches-title">
      <header className="resource-page__header">
        <h1 id="command-batches-title">Recent command batches</h1>
        <div className="resource-page__actions">
          <Link href={CHARGERS_LIST} className="ui-button ui-button--secondary ui-button--md">
            All stations
          </Link>
        </div>
      </header>
      <p>Commands sent to chargers from the console, the latest first. A batch opens its results by charger.</p>
      {recent.isPending ? (
        <LoadingIndicator label="Loading the batches…" showLabel />
      ) : recent.isError ? (
        <p role="alert">The batches could not be loaded: {errorMessage(recent.error)}</p>
      ) : recent.data.items.length === 0 ? (
        <p>No command has been sent yet.</p>
      ) : (
        <ResultTable
          className="ocpp-table"
          label="Recent batches"
          rows={recent.data.items}
          rowKey={(b) => b.batchId}
          columns={[
            { id: 'sent', header: 'Sent', render: (b) => <Link href={commandBatchPath(b.batchId)}>{formatDateTime(b.createdAt)}</Link> },
            { id: 'command', header: 'Command', render: (b) => label(b.action) },
            { id: 'by', header: 'By', render: (b) => b.requestedByName ?? '-' },
            { id: 'chargers', header: 'Chargers', render: (b) => b.chargers.toLocaleString('en-IN') },
            { id: 'accepted', header: 'Accepted', render: (b) => b.accepted.toLocaleString('en-IN') },
            { id: 'waiting', header: 'Waiting', render: (b) => b.pending.toLocaleString('en-IN') },
          ]}
        />
      )}
    </section>
  );
}
