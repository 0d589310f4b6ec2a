import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatEnergyShort, formatKwh } from '@domain/format-energy';
import { formatInr, formatInrShort } from '@domain/format-money';
import { hasPermission, type Permission } from '@domain/permissions';
import {
  dailyTrackerQuerySchema,
  monthlyTrackerQuerySchema,
  percentChange,
  trackerMetrics,
  trackerResultSchema,
  type TrackerMetric,
  type TrackerResult,
} from '@domain/trackers';
import { apiRequest, errorMessage } from '@data/api-client';
import { NoAccess } from '@resources/no-access';
import { RelationPicker } from '@resources/relation-picker';
import { Button } from '@ui/button';
import { ChartPanel, TableView, type ChartTable } from '@ui/chart/chart-panel';
import { DateField } from '@ui/date-field';
import { MonthField } from '@ui/month-field';
import { LoadingIndicator } from '@ui/loading-indicator';
import { useSession } from '../session/session-context';
import '@resources/resources.css';
import './network.css';

const Chart = lazy(() => import('@ui/chart/chart').then((m) => ({ default: m.Chart })));

type Period = 'day' | 'month';

const settings: Record<Period, { title: string; permission: Permission; path: string; api: string }> = {
  day: { title: 'Daily Tracker', permission: 'ROLE_VIEW_DAILY_TRACKER', path: '/progress-tracker/daily-tracker', api: '/lms/tracker/daily' },
  month: { title: 'Monthly Tracker', permission: 'ROLE_VIEW_MONTHLY_TRACKER', path: '/progress-tracker/monthly-tracker', api: '/lms/tracker/monthly' },
};

/** Today in India (YYYY-MM-DD). */
const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** The default range: the last 30 days, or the last 12 months, up to today in IST. */
export function defaultRange(period: Period, today = istToday()): { from: string; to: string } {
  if (period === 'day') return { from: new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10), to: today };
  const [y, m] = today.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - 11;
  return { from: `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`, to: today.slice(0, 7) };
}

const count = (n: number) => Math.round(n).toLocaleString('en-IN');
/** A metric's value as shown: counts, kWh (2 decimals) or rupees. */
export function formatMetric(metric: TrackerMetric, value: number): string {
  if (metric === 'energyWh') return formatKwh(value);
  if (metric === 'revenuePaise') return formatInr(value);
  return count(value);
}
/** A metric's value short enough for its card ("12.4 MWh", "₹3.2 lakh"); the exact value is the card's title. */
export function formatMetricShort(metric: TrackerMetric, value: number): string {
  if (metric === 'energyWh') return formatEnergyShort(value);
  if (metric === 'revenuePaise') return formatInrShort(value);
  return count(value);
}
const axisFormat = (metric: TrackerMetric) => (value: number) =>
  metric === 'energyWh' ? `${(value / 1000).toLocaleString('en-IN', { maximumFractionDigits: 1 })} kWh` : metric === 'revenuePaise' ? `₹${(value / 100).toLocaleString('en-IN', { notation: 'compact' })}` : count(value);

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A bucket as a label: "14 Jan" for days (with the year when the range spans two), "Jan 2026" for months. */
export function bucketLabel(bucket: string, withYear = false): string {
  const [y, m, d] = bucket.split('-');
  const month = monthNames[Number(m) - 1];
  if (d === undefined) return `${month} ${y}`;
  return withYear ? `${Number(d)} ${month} ${y}` : `${Number(d)} ${month}`;
}

/** The Daily or Monthly Tracker: figures per IST day or month, their totals against the period before, a chart and its table. */
export function TrackerPage({ period }: { period: Period }) {
  const { user } = useSession();
  const s = settings[period];
  if (!hasPermission(user.permissions, s.permission)) return <NoAccess permission={s.permission} title={s.title} />;
  return <PermittedTracker period={period} />;
}

function PermittedTracker({ period }: { period: Period }) {
  const s = settings[period];
  const search = useSearch();
  const [, navigate] = useLocation();
  const sp = new URLSearchParams(search);
  const fallback = defaultRange(period);
  const state = {
    from: sp.get('from') ?? fallback.from,
    to: sp.get('to') ?? fallback.to,
    cityId: sp.get('cityId') ?? '',
    chargePointOperatorId: sp.get('chargePointOperatorId') ?? '',
    breakdown: (sp.get('breakdown') ?? '') as '' | 'city' | 'cpo',
  };
  const [labels, setLabels] = useState<{ city: string; cpo: string }>({ city: '', cpo: '' });
  const [metric, setMetric] = useState<TrackerMetric>('bookings');
  const set = (patch: Partial<typeof state>) => {
    const next = { ...state, ...patch };
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v) out.set(k, v);
    navigate(`${s.path}?${out.toString()}`, { replace: true });
  };

  const schema = period === 'day' ? dailyTrackerQuerySchema : monthlyTrackerQuerySchema;
  const params = Object.fromEntries(Object.entries(state).filter(([, v]) => v !== ''));
  const checked = schema.safeParse(params);
  const query = new URLSearchParams(params).toString();
  const tracker = useQuery({
    queryKey: ['trackers', period, query],
    queryFn: ({ signal }) => apiRequest(`${s.api}?${query}`, { signal, schema: trackerResultSchema }),
    enabled: checked.success,
    placeholderData: keepPreviousData,
  });
  const data = tracker.data;
  const spansYears = data ? data.from.slice(0, 4) !== data.to.slice(0, 4) : false;
  const categories = useMemo(() => (data ? data.buckets.map((b) => bucketLabel(b, spansYears && period === 'day')) : []), [data, spansYears, period]);
  const table = useMemo(() => (data ? seriesTable(data, s.title, period) : undefined), [data, s.title, period]);
  const rangeError = checked.success ? undefined : checked.error.issues[0]?.message;
  const metricDef = trackerMetrics.find((m) => m.key === metric)!;
  const previousLabel = data ? `${bucketLabel(data.previous.from, true)} – ${bucketLabel(data.previous.to, true)}` : '';

  return (
    <section className="page resource-page network-page" aria-labelledby="tracker-title">
      <header className="resource-page__header">
        <div>
          <h1 id="tracker-title">{s.title}</h1>
          <p className="resource-page__count" aria-live="polite">
            {tracker.isPending && checked.success ? 'Loading…' : data ? `Per ${period} in IST, ${bucketLabel(data.from, true)} – ${bucketLabel(data.to, true)}` : ''}
            {tracker.isFetching && !tracker.isPending ? <LoadingIndicator size="sm" label="Refreshing" /> : null}
          </p>
        </div>
      </header>
      <div className="tracker-filters">
        {period === 'day' ? (
          <>
            <DateField label="From" value={state.from} onChange={(v) => v && set({ from: v })} />
            <DateField label="To" value={state.to} onChange={(v) => v && set({ to: v })} />
          </>
        ) : (
          <>
            <MonthField label="From" value={state.from} onChange={(v) => set({ from: v })} />
            <MonthField label="To" value={state.to} onChange={(v) => set({ to: v })} />
          </>
        )}
        <RelationPicker
          label="City"
          resource="cities"
          value={{ id: state.cityId || null, label: state.cityId ? labels.city || 'Selected city' : '' }}
          onChange={(v) => {
            setLabels((l) => ({ ...l, city: v.label }));
            set({ cityId: v.id === null ? '' : String(v.id) });
          }}
        />
        <RelationPicker
          label="Charge point operator"
          resource="charge-point-operators"
          value={{ id: state.chargePointOperatorId || null, label: state.chargePointOperatorId ? labels.cpo || 'Selected operator' : '' }}
          onChange={(v) => {
            setLabels((l) => ({ ...l, cpo: v.label }));
            set({ chargePointOperatorId: v.id === null ? '' : String(v.id) });
          }}
        />
        <label className="ui-field">
          <span className="ui-field__label">Breakdown</span>
          <select className="ui-field__input" value={state.breakdown} onChange={(e) => set({ breakdown: e.target.value as '' | 'city' | 'cpo' })}>
            <option value="">None</option>
            <option value="city">By city</option>
            <option value="cpo">By operator</option>
          </select>
        </label>
      </div>
      {rangeError ? (
        <p className="resource-form__error" role="alert">
          {rangeError}
        </p>
      ) : null}
      {tracker.error ? (
        <div className="resource-page__message" role="alert">
          <p>{errorMessage(tracker.error)}</p>
          <Button onPress={() => void tracker.refetch()}>Try again</Button>
        </div>
      ) : !data ? (
        checked.success ? (
          <div className="resource-page__message">
            <LoadingIndicator label={`Loading the ${s.title.toLowerCase()}`} showLabel />
          </div>
        ) : null
      ) : (
        <>
          <ul className="tracker-cards" aria-label="Totals">
            {trackerMetrics.map((m) => {
              const change = percentChange(data.totals[m.key], data.previous.totals[m.key]);
              return (
                <li key={m.key}>
                  <button type="button" className="tracker-card" aria-pressed={metric === m.key} onClick={() => setMetric(m.key)} title={m.help}>
                    <span className="tracker-card__label">{m.label}</span>
                    <span className="tracker-card__value" title={formatMetric(m.key, data.totals[m.key])}>
                      {formatMetricShort(m.key, data.totals[m.key])}
                    </span>
                    <span className={`tracker-card__change${change === null ? '' : change >= 0 ? ' tracker-card__change--up' : ' tracker-card__change--down'}`}>
                      {change === null ? `${formatMetricShort(m.key, data.previous.totals[m.key])} before` : `${change >= 0 ? '▲' : '▼'} ${Math.abs(change).toLocaleString('en-IN', { maximumFractionDigits: 1 })}% vs ${formatMetricShort(m.key, data.previous.totals[m.key])}`}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <p className="muted tracker-note">Compared with the {data.buckets.length} {period === 'day' ? 'days' : 'months'} before: {previousLabel}.</p>
          <ChartPanel
            title={`${metricDef.label} per ${period}`}
            table={table!}
            chart={
              <Suspense fallback={<LoadingIndicator label="Loading chart" showLabel />}>
                <Chart
                  label={`${metricDef.label} per ${period}, ${bucketLabel(data.from, true)} to ${bucketLabel(data.to, true)}`}
                  categories={categories}
                  series={[{ name: metricDef.label, values: data.series[metric] }]}
                  format={(v) => formatMetric(metric, v)}
                  axisFormat={axisFormat(metric)}
                />
              </Suspense>
            }
          />
          {data.breakdown ? (
            <section className="chart-panel" aria-label="Breakdown">
              {data.breakdown.length === 0 ? <p className="muted">Nothing in this range.</p> : <TableView table={breakdownTable(data, state.breakdown === 'city' ? 'City' : 'Charge point operator')} />}
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Every bucket with every metric, formatted: the chart's table view. */
export function seriesTable(data: TrackerResult, title: string, period: Period): ChartTable {
  return {
    caption: `${title}: every ${period}`,
    columns: [period === 'day' ? 'Day' : 'Month', ...trackerMetrics.map((m) => m.label)],
    rows: data.buckets.map((b, i) => [bucketLabel(b, true), ...trackerMetrics.map((m) => formatMetric(m.key, data.series[m.key][i]!))]),
  };
}

function breakdownTable(data: TrackerResult, by: string): ChartTable {
  return {
    caption: `Totals by ${by.toLowerCase()}`,
    columns: [by, ...trackerMetrics.map((m) => m.label)],
    rows: (data.breakdown ?? []).map((g) => [g.label, ...trackerMetrics.map((m) => formatMetric(m.key, g.totals[m.key]))]),
  };
}
