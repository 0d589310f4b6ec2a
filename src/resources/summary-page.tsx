import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { hasPermission } from '@domain/permissions';
import type { Resource, SummaryView } from '@domain/resource/define-resource';
import { humanise } from '@domain/resource/field';
import { errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { fetchSummary } from '@data/resource-api';
import { useSession } from '@app/session/session-context';
import { LoadingIndicator } from '@ui/loading-indicator';
import { NoAccess } from './no-access';
import './resources.css';

// The chart beside the table loads echarts only here (never with the shell).
const Chart = lazy(() => import('@ui/chart/chart').then((m) => ({ default: m.Chart })));

/** Props of SummaryPage. */
export interface SummaryPageProps {
  resource: Resource;
  summary: SummaryView;
}

/** A grouped count view: rows by the first field, columns by the second, with totals. */
export function SummaryPage({ resource, summary }: SummaryPageProps) {
  const { user } = useSession();
  const permission = resource.permissions.view;
  const allowed = permission === null || hasPermission(user.permissions, permission);
  const data = useQuery({ queryKey: [...queryKeys.resource(resource.name).all, 'summary'], queryFn: ({ signal }) => fetchSummary(resource, signal), enabled: allowed });
  if (!allowed) return <NoAccess permission={permission!} title={summary.title} />;
  const [rowField, columnField] = summary.groupBy;
  const rowDef = resource.allFields[rowField]!;
  const columnDef = resource.allFields[columnField]!;
  const label = (def: typeof rowDef, value: unknown, text: string | null) =>
    value === null || value === undefined ? 'None' : (text ?? def.options?.find((o) => o.value === value)?.label ?? humanise(String(value)));

  const rows = new Map<string, { label: string; counts: Map<string, number> }>();
  const columns = new Map<string, string>();
  for (const r of data.data?.rows ?? []) {
    const rk = String(r.a);
    const ck = String(r.b);
    columns.set(ck, label(columnDef, r.b, r.bLabel));
    const row = rows.get(rk) ?? { label: label(rowDef, r.a, r.aLabel), counts: new Map() };
    row.counts.set(ck, r.count);
    rows.set(rk, row);
  }
  const columnKeys = [...columns.keys()].sort();
  const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

  return (
    <section className="page resource-page" aria-labelledby="summary-title">
      <header className="resource-page__header">
        <h1 id="summary-title">{summary.title}</h1>
      </header>
      {data.isPending ? (
        <LoadingIndicator label="Loading summary" showLabel />
      ) : data.error ? (
        <p role="alert">{errorMessage(data.error)}</p>
      ) : rows.size === 0 ? (
        <p>No {resource.plural.toLowerCase()} yet.</p>
      ) : (
        <>
        <div className="summary-chart">
          <Suspense fallback={<LoadingIndicator label="Loading chart" showLabel />}>
            <Chart
              label={`${resource.plural} by ${rowDef.label.toLowerCase()} and ${columnDef.label.toLowerCase()}`}
              categories={[...rows.values()].map((r) => r.label)}
              series={columnKeys.map((k) => ({ name: columns.get(k)!, values: [...rows.values()].map((r) => r.counts.get(k) ?? 0), stack: 'count' }))}
              format={(v) => v.toLocaleString('en-IN')}
              height="320px"
            />
          </Suspense>
        </div>
        <table className="related-table summary-table">
          <caption className="ui-visually-hidden">
            {resource.plural} by {rowDef.label.toLowerCase()} and {columnDef.label.toLowerCase()}
          </caption>
          <thead>
            <tr>
              <th scope="col">{rowDef.label}</th>
              {columnKeys.map((k) => (
                <th key={k} scope="col" className="num">
                  {columns.get(k)}
                </th>
              ))}
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {[...rows.entries()].map(([key, row]) => (
              <tr key={key}>
                <th scope="row">{row.label}</th>
                {columnKeys.map((k) => (
                  <td key={k} className="num">
                    {(row.counts.get(k) ?? 0).toLocaleString('en-IN')}
                  </td>
                ))}
                <td className="num">
                  <strong>{total(row.counts).toLocaleString('en-IN')}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </>
      )}
    </section>
  );
}
