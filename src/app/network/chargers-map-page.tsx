import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { chargerResource } from '@domain/resources/chargers/charger';
import { chargerMapCategories, chargerMapSchema, type ChargerMap } from '@domain/network-map';
import { hasPermission } from '@domain/permissions';
import { routeFor, viewPermission } from '@domain/resource/define-resource';
import { listParamsToSearch } from '@domain/resource/list-query';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { FilterBar } from '@resources/filter-bar';
import { NoAccess } from '@resources/no-access';
import { useListState } from '@resources/use-list-state';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { pointsInBounds, toggle, type MapBounds } from '@ui/map/map-data';
import { MapLegend } from '@ui/map/map-legend';
import { useSession } from '../session/session-context';
import { chargerCategories } from './charger-categories';
import { MapViewTabs } from '@ui/view-tabs';
import '@resources/resources.css';
import './network.css';

const NetworkMap = lazy(() => import('@ui/map/network-map').then((m) => ({ default: m.NetworkMap })));

/** How many chargers in view the side list names (the count covers all). */
const IN_VIEW_LISTED = 100;

/** The chargers map beside All Stations / Active Stations: the list's filters, points by connectivity, clustered. */
export function ChargersMapPage({ scope }: { scope: 'all' | 'active' }) {
  const { user } = useSession();
  const view = chargerResource.views.find((v) => (scope === 'active' ? v.scope === 'active' : !v.scope))!;
  const permission = viewPermission(chargerResource, view.scope);
  if (permission !== null && !hasPermission(user.permissions, permission)) return <NoAccess permission={permission} title={`${view.title} map`} />;
  return <PermittedChargersMap view={view} />;
}

function PermittedChargersMap({ view }: { view: (typeof chargerResource.views)[number] }) {
  const mapPath = `${view.path}/map`;
  const [, navigate] = useLocation();
  const search = useSearch();
  const { key, state, params, update } = useListState(chargerResource, { ...view, path: mapPath });
  const searchRef = useRef<HTMLInputElement>(null);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [bounds, setBounds] = useState<MapBounds>();
  const query = `${listParamsToSearch({ ...params, page: 0, size: 20, sort: '' }, { includeScope: true })}`;
  const points = useQuery({
    queryKey: queryKeys.resource(chargerResource.name).list({ map: true, query }),
    queryFn: ({ signal }) => apiRequest(`/charger-service/map-view/chargers${query}`, { signal, schema: chargerMapSchema }),
    placeholderData: keepPreviousData,
  });
  const data = points.data;
  const counts = useMemo(() => countByCategory(data), [data]);
  const inView = useMemo(() => (data && bounds ? pointsInBounds(data, bounds, hidden) : []), [data, bounds, hidden]);
  const detail = (id: number) => routeFor(`${view.path}/:id`, id);

  return (
    <section className="page resource-page network-page" aria-labelledby="chargers-map-title">
      <header className="resource-page__header">
        <div>
          <h1 id="chargers-map-title">{view.title}</h1>
          <p className="resource-page__count" aria-live="polite">
            {points.isPending ? 'Loading…' : data ? `${data.ids.length.toLocaleString('en-IN')} ${data.ids.length === 1 ? 'charger' : 'chargers'} on the map${data.withoutLocation ? `, ${data.withoutLocation.toLocaleString('en-IN')} without a location` : ''}` : ''}
            {points.isFetching && !points.isPending ? <LoadingIndicator size="sm" label="Refreshing" /> : null}
          </p>
        </div>
        <MapViewTabs listHref={`${view.path}${search ? `?${search}` : ''}`} mapHref={`${mapPath}${search ? `?${search}` : ''}`} current="map" />
      </header>
      <FilterBar resource={chargerResource} listKey={key} state={state} update={update} searchRef={searchRef} onSubmitSearch={() => undefined} />
      <MapLegend categories={chargerCategories} counts={counts} hidden={hidden} onToggle={(i) => setHidden((prev) => toggle(prev, i))} />
      {points.error ? (
        <div className="resource-page__message" role="alert">
          <p>{errorMessage(points.error)}</p>
          <Button onPress={() => void points.refetch()}>Try again</Button>
        </div>
      ) : (
        <div className="network-page__body">
          <div className="network-page__map">
            <Suspense fallback={<LoadingIndicator label="Loading map" showLabel />}>
              <NetworkMap
                label={`Map of ${view.title.toLowerCase()}`}
                points={data}
                categories={chargerCategories}
                hiddenCategories={hidden}
                onOpenPoint={(id) => navigate(detail(id))}
                onViewChange={setBounds}
              />
            </Suspense>
          </div>
          <aside className="network-page__side" aria-labelledby="chargers-in-view">
            <h2 id="chargers-in-view">In view: {inView.length.toLocaleString('en-IN')}</h2>
            {inView.length === 0 ? (
              <p className="muted">{points.isPending ? 'Loading…' : 'No chargers in this part of the map. Zoom out or change the filters.'}</p>
            ) : (
              <ul className="network-page__list">
                {inView.slice(0, IN_VIEW_LISTED).map((i) => (
                  <li key={data!.ids[i]}>
                    <span className="map-legend__swatch" style={{ background: chargerCategories[data!.category[i]!]!.colour }} aria-hidden="true" />
                    <Link href={detail(data!.ids[i]!)}>{data!.uniqueIds[i]}</Link>
                    <span className="muted">{chargerCategories[data!.category[i]!]!.label}</span>
                  </li>
                ))}
              </ul>
            )}
            {inView.length > IN_VIEW_LISTED ? <p className="muted">and {(inView.length - IN_VIEW_LISTED).toLocaleString('en-IN')} more: zoom in to see them here.</p> : null}
          </aside>
        </div>
      )}
    </section>
  );
}

function countByCategory(data: ChargerMap | undefined): number[] {
  const counts = chargerMapCategories.map(() => 0);
  for (const c of data?.category ?? []) counts[c] = (counts[c] ?? 0) + 1;
  return counts;
}
