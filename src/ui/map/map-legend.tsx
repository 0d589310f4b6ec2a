import type { MapCategory } from './map-data';
import './network-map.css';

/** The legend: one toggle per category with its count; pressing one hides or shows its points. */
export function MapLegend({ categories, counts, hidden, onToggle }: { categories: readonly MapCategory[]; counts: readonly number[]; hidden: ReadonlySet<number>; onToggle: (index: number) => void }) {
  return (
    <ul className="map-legend" aria-label="Legend">
      {categories.map((c, i) => (
        <li key={c.label}>
          <button type="button" className="map-legend__item" aria-pressed={!hidden.has(i)} onClick={() => onToggle(i)}>
            <span className="map-legend__swatch" style={{ background: c.colour }} aria-hidden="true" />
            {c.label}
            <span className="map-legend__count">{(counts[i] ?? 0).toLocaleString('en-IN')}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
