import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { chargerServicingTicketResource } from '@domain/resources/tickets/charger-servicing-ticket';
import { ageBandOf, servicingAgeBands, servicingMapCategories, servicingMapSchema, type ServicingMap } from '@domain/network-map';
import { hasPermission } from '@domain/permissions';
import { routeFor } from '@domain/resource/define-resource';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { NoAccess } from '@resources/no-access';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { pointsInBounds, toggle, type MapBounds, type MapCategory, type MapPoints } from '@ui/map/map-data';
import { MapLegend } from '@ui/map/map-legend';
import { useSession } from '../session/session-context';
import '@resources/resources.css';
import './network.css';

const NetworkMap = lazy(() => import('@ui/map/network-map').then((m) => ({ default: m.NetworkMap })));

const PERMISSION = 'ROLE_VIEW_CHARGER_SERVICING_MAP';
const TITLE = 'Charger Servicing Map View';
const priorityLabels: Record<string, string> = { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High', URGENT: 'Urgent' };
const priorityColours: Record<string, string> = { LOW: '#64748b', MEDIUM: '#2563eb', HIGH: '#d97706', URGENT: '#dc2626' };

/** Priority categories of the servicing map. */
const categories: readonly MapCategory[] = servicingMapCategories.map((p) => ({ label: priorityLabels[p] ?? p, colour: priorityColours[p] ?? '#6b7280' }));

const days = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'day' : 'days'}`;

/** Open charger servicing tickets on the map, coloured by priority, filtered by age; a ticket opens from the side list or its point. */
export function ServicingMapPage() {
  const { user } = useSession();
  if (!hasPermission(user.permissions, PERMISSION)) return <NoAccess permission={PERMISSION} title={TITLE} />;
  return <PermittedServicingMap />;
}

function PermittedServicingMap() {
  const [, navigate] = useLocation();
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [minBand, setMinBand] = useState(0);
  const [bounds, setBounds] = useState<MapBounds>();
  const tickets = useQuery({
    queryKey: queryKeys.resource(chargerServicingTicketResource.name).list({ map: true }),
    queryFn: ({ signal }) => apiRequest('/charger-service/map-view/servicing-tickets', { signal, schema: servicingMapSchema }),
  });
  const shown = useMemo(() => (tickets.data ? byAge(tickets.data, minBand) : undefined), [tickets.data, minBand]);
  const counts = useMemo(() => categories.map((_, i) => shown?.points.category.filter((c) => c === i).length ?? 0), [shown]);
  const inView = useMemo(() => {
    if (!shown || !bounds) return [];
    return pointsInBounds(shown.points, bounds, hidden).sort((a, b) => shown.ageDays[b]! - shown.ageDays[a]! || shown.points.category[b]! - shown.points.category[a]!);
  }, [shown, bounds, hidden]);
  const detail = (id: number) => routeFor(chargerServicingTicketResource.detailPath, id);

  return (
    <section className="page resource-page network-page" aria-labelledby="servicing-map-title">
      <header className="resource-page__header">
        <div>
          <h1 id="servicing-map-title">{TITLE}</h1>
          <p className="resource-page__count" aria-live="polite">
            {tickets.isPending
              ? 'Loading…'
              : tickets.data
                ? `${tickets.data.ids.length.toLocaleString('en-IN')} open tickets on the map${tickets.data.withoutLocation ? `, ${tickets.data.withoutLocation.toLocaleString('en-IN')} without a location` : ''}`
                : ''}
          </p>
        </div>
        <div className="resource-page__actions">
          <Link href="/charger-management/servicing-required/open" className="ui-button ui-button--secondary ui-button--md">
            Open tickets list
          </Link>
        </div>
      </header>
      <div className="network-page__controls">
        <label className="resource-page__control">
          Open for
          <select value={minBand} onChange={(e) => setMinBand(Number(e.target.value))} aria-label="Open for at least">
            <option value={0}>Any time</option>
            {servicingAgeBands.slice(1).map((band, i) => (
              <option key={band.label} value={i + 1}>
                {band.label}
                {i + 1 < servicingAgeBands.length - 1 ? ' or longer' : ''}
              </option>
            ))}
          </select>
        </label>
        <MapLegend categories={categories} counts={counts} hidden={hidden} onToggle={(i) => setHidden((prev) => toggle(prev, i))} />
      </div>
      {tickets.error ? (
        <div className="resource-page__message" role="alert">
          <p>{errorMessage(tickets.error)}</p>
          <Button onPress={() => void tickets.refetch()}>Try again</Button>
        </div>
      ) : (
        <div className="network-page__body">
          <div className="network-page__map">
            <Suspense fallback={<LoadingIndicator label="Loading map" showLabel />}>
              <NetworkMap label="Map of open charger servicing tickets" points={shown?.points} categories={categories} hiddenCategories={hidden} onOpenPoint={(id) => navigate(detail(id))} onViewChange={setBounds} />
            </Suspense>
          </div>
          <aside className="network-page__side" aria-labelledby="tickets-in-view">
            <h2 id="tickets-in-view">In view: {inView.length.toLocaleString('en-IN')}, oldest first</h2>
            {inView.length === 0 ? (
              <p className="muted">{tickets.isPending ? 'Loading…' : 'No open servicing tickets here.'}</p>
            ) : (
              <ul className="network-page__list">
                {inView.slice(0, 100).map((i) => (
                  <li key={shown!.points.ids[i]}>
                    <span className="map-legend__swatch" style={{ background: categories[shown!.points.category[i]!]!.colour }} aria-hidden="true" />
                    <Link href={detail(shown!.points.ids[i]!)} title={`${categories[shown!.points.category[i]!]!.label} priority`}>
                      {shown!.titles[i]}
                    </Link>
                    <span className="muted">{days(shown!.ageDays[i]!)}</span>
                  </li>
                ))}
              </ul>
            )}
          </aside>
        </div>
      )}
    </section>
  );
}

/** The tickets open at least as long as the band's lower bound, as map points with their titles and ages. */
function byAge(data: ServicingMap, minBand: number): { points: MapPoints; titles: string[]; ageDays: number[] } {
  const keep = data.ageDays.map((d, i) => (ageBandOf(d) >= minBand ? i : -1)).filter((i) => i >= 0);
  const pick = <T,>(values: readonly T[]) => keep.map((i) => values[i]!);
  return { points: { ids: pick(data.ids), lat: pick(data.lat), lng: pick(data.lng), category: pick(data.category) }, titles: pick(data.titles), ageDays: pick(data.ageDays) };
}
