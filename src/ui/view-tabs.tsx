import { Link } from 'wouter';
import './view-tabs.css';

/** List | Map switch of a list that has a map view; both links carry the filters. */
export function MapViewTabs({ listHref, mapHref, current }: { listHref: string; mapHref: string; current: 'list' | 'map' }) {
  return (
    <nav className="map-view-tabs" aria-label="View">
      <Link href={listHref} className="map-view-tabs__tab" aria-current={current === 'list' ? 'page' : undefined}>
        List
      </Link>
      <Link href={mapHref} className="map-view-tabs__tab" aria-current={current === 'map' ? 'page' : undefined}>
        Map
      </Link>
    </nav>
  );
}
