// Home's "the day's work": figures for the signed-in user's permissions, each the count of a list (fetched as that
// list with one row) and a link to that very list, so a figure always matches what its link shows.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { chargerResource } from '@domain/resources/chargers/charger';
import { bookingResource } from '@domain/resources/bookings/booking';
import { settlementResource } from '@domain/resources/settlements/settlement';
import { topUpRequestResource } from '@domain/resources/wallets/top-up-request';
import { installationTicketResource } from '@domain/resources/tickets/installation-ticket';
import { siteInspectionTicketResource } from '@domain/resources/tickets/site-inspection-ticket';
import { ticketResource } from '@domain/resources/tickets/ticket';
import { formatKwh } from '@domain/format-energy';
import { hasPermission } from '@domain/permissions';
import { viewPermission, type Resource } from '@domain/resource/define-resource';
import { listParamsToSearch, type ListParams } from '@domain/resource/list-query';
import { staleSessionsPagePath } from '@domain/stale-sessions';
import { chargingTodaySchema } from '@domain/trackers';
import { apiRequest } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { fetchList } from '@data/resource-api';
import { useSession } from '../session/session-context';
import './day-overview.css';

/** A figure of the overview: a list (resource view path, scope, filters) whose count is shown. */
export interface ListFigure {
  label: string;
  resource: Resource;
  /** The console list the figure links to. */
  path: string;
  scope?: string;
  filters: Record<string, string>;
  tone?: 'good' | 'bad' | 'warn';
}

const istDay = (offsetDays = 0) => new Date(Date.now() + 330 * 60_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The overview's groups of figures for a day (today in IST by default). */
export function overviewGroups(today = istDay(), yesterday = istDay(-1)): { title: string; figures: ListFigure[] }[] {
  const chargers = (label: string, status: string, tone: ListFigure['tone']): ListFigure => ({
    label,
    resource: chargerResource,
    path: '/charger-management/all-chargers',
    filters: { connectivityStatus: status, isActive: 'true' },
    tone,
  });
  return [
    { title: 'Chargers', figures: [chargers('Online', 'ONLINE', 'good'), chargers('Offline', 'OFFLINE', 'warn'), chargers('Faulted', 'FAULTED', 'bad')] },
    {
      title: 'My tickets',
      figures: [
        { label: 'Due today', resource: ticketResource, path: '/ticket-management/open-tickets', scope: 'mineOpen', filters: { dueDateFrom: today, dueDateTo: today }, tone: 'warn' },
        { label: 'Overdue', resource: ticketResource, path: '/ticket-management/open-tickets', scope: 'mineOpen', filters: { dueDateTo: yesterday }, tone: 'bad' },
        { label: 'Open, assigned to me', resource: ticketResource, path: '/ticket-management/open-tickets', scope: 'mineOpen', filters: {} },
      ],
    },
    {
      title: 'Waiting for approval',
      figures: [
        { label: 'Settlements', resource: settlementResource, path: '/finance-management/settlement-history', filters: { status: 'PENDING_APPROVAL' } },
        { label: 'Installations', resource: installationTicketResource, path: '/installation-management/all-installation', scope: 'all', filters: { status: 'SENT_FOR_APPROVAL' } },
        { label: 'Site inspections', resource: siteInspectionTicketResource, path: '/ticket-management/site-inspection-tickets', filters: { status: 'SENT_FOR_APPROVAL' } },
        { label: 'Top-ups', resource: topUpRequestResource, path: '/wallet-management/top-up-request', filters: { status: 'REQUESTED' } },
      ],
    },
  ];
}

/** The link of a figure: its list with the figure's filters. */
export function figureHref(figure: ListFigure): string {
  return `${figure.path}${listParamsToSearch({ page: 0, size: 20, sort: '', q: '', filters: figure.filters })}`;
}

function Figure({ figure }: { figure: ListFigure }) {
  const params: ListParams = { page: 0, size: 1, sort: '', q: '', filters: figure.filters, ...(figure.scope ? { scope: figure.scope } : {}) };
  const result = useQuery({
    queryKey: queryKeys.resource(figure.resource.name).list({ overview: true, scope: figure.scope, ...figure.filters }),
    queryFn: ({ signal }) => fetchList(figure.resource, params, signal),
  });
  const value = result.isPending ? '…' : result.error ? '–' : `${result.data.countExact === false ? '≈ ' : ''}${result.data.count.toLocaleString('en-IN')}`;
  return (
    <li>
      <Link href={figureHref(figure)} className={`day-figure${figure.tone ? ` day-figure--${figure.tone}` : ''}`}>
        <span className="day-figure__value" aria-live="polite">
          {value}
        </span>
        <span className="day-figure__label">{figure.label}</span>
      </Link>
    </li>
  );
}

function ChargingFigures() {
  const today = useQuery({ queryKey: [...queryKeys.resource(bookingResource.name).lists, 'today'], queryFn: ({ signal }) => apiRequest('/booking-service/admin/booking-summary/today', { signal, schema: chargingTodaySchema }) });
  const day = today.data?.day ?? istDay();
  return (
    <>
      <li>
        <Link href="/booking-management/all-bookings" className="day-figure">
          <span className="day-figure__value">{today.data ? today.data.chargingNow.toLocaleString('en-IN') : today.error ? '–' : '…'}</span>
          <span className="day-figure__label">Charging now</span>
        </Link>
      </li>
      <li>
        <Link href={staleSessionsPagePath} className={`day-figure${today.data && today.data.staleSessions > 0 ? ' day-figure--warn' : ''}`}>
          <span className="day-figure__value" data-testid="stale-sessions-figure">
            {today.data ? today.data.staleSessions.toLocaleString('en-IN') : today.error ? '–' : '…'}
          </span>
          <span className="day-figure__label">Stale sessions</span>
        </Link>
      </li>
      <li>
        <Link href={`/booking-management/all-bookings/bookings?startedAtFrom=${day}&startedAtTo=${day}`} className="day-figure">
          <span className="day-figure__value">{today.data ? formatKwh(today.data.energyTodayWh) : today.error ? '–' : '…'}</span>
          <span className="day-figure__label">Energy today</span>
        </Link>
      </li>
    </>
  );
}

/** The overview: the groups the user may see, each figure a link to its list. */
export function DayOverview() {
  const { user } = useSession();
  const groups = overviewGroups()
    .map((g) => ({ ...g, figures: g.figures.filter((f) => hasPermission(user.permissions, viewPermission(f.resource, f.scope) ?? undefined)) }))
    .filter((g) => g.figures.length > 0);
  const charging = hasPermission(user.permissions, 'ROLE_VIEW_ALL_BOOKINGS');
  if (groups.length === 0 && !charging) return null;
  return (
    <section className="card day-overview" aria-labelledby="home-today">
      <h2 id="home-today">Today</h2>
      <div className="day-overview__groups">
        {groups.slice(0, 1).map((g) => (
          <FigureGroup key={g.title} title={g.title} figures={g.figures} />
        ))}
        {charging ? (
          <div className="day-overview__group">
            <h3>Charging</h3>
            <ul className="day-overview__figures">
              <ChargingFigures />
            </ul>
          </div>
        ) : null}
        {groups.slice(1).map((g) => (
          <FigureGroup key={g.title} title={g.title} figures={g.figures} />
        ))}
      </div>
    </section>
  );
}

function FigureGroup({ title, figures }: { title: string; figures: readonly ListFigure[] }) {
  return (
    <div className="day-overview__group">
      <h3>{title}</h3>
      <ul className="day-overview__figures">
        {figures.map((f) => (
          <Figure key={f.label} figure={f} />
        ))}
      </ul>
    </div>
  );
}
