import { lazy, Suspense } from 'react';
import { mapAreaFields } from '@domain/map-views';
import { LoadingIndicator } from '@ui/loading-indicator';
import type { FormPartProps, ResourceExtension } from '@resources/resource-extension';

// maplibre-gl and terra-draw load with the editor, on zone forms only.
const ZoneAreaEditor = lazy(() => import('./zone-area-editor'));

/** The zone's circle on a map, below the form's fields, where the form holds its centre and radius. */
function ZoneAreaPanel({ resource, values, change }: FormPartProps) {
  const area = mapAreaFields[resource.name];
  if (!area || !(area.centre in values) || !(area.radiusKm in values)) return null;
  return (
    <fieldset className="resource-form__section">
      <legend>Map</legend>
      <Suspense fallback={<LoadingIndicator label="Loading map" showLabel />}>
        <ZoneAreaEditor centre={values[area.centre] as string} radiusKm={values[area.radiusKm] as string} onDraw={(centre, radiusKm) => change({ [area.centre]: centre, [area.radiusKm]: radiusKm })} />
      </Suspense>
    </fieldset>
  );
}

/** Zones (risk and operational) draw their area on a map in their add and edit forms. */
export const zoneAreaExtension: ResourceExtension = {
  feature: 'zone-area',
  appliesTo: (resource) => resource.name in mapAreaFields,
  form: { panels: [ZoneAreaPanel] },
};
