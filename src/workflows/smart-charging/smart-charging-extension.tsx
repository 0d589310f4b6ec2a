import { chargerResource } from '@domain/resources/chargers/charger';
import { locationResource } from '@domain/resources/places/location';
import type { RecordPartProps, ResourceExtension } from '@resources/resource-extension';
import { LocationProfilesPanel } from './location-profiles-panel';
import { SmartChargingPanel } from './smart-charging-panel';

/** An OCPP charger's Smart charging panel, and a location's default charging profiles, on their pages. */
export const smartChargingExtension: ResourceExtension = {
  feature: 'smart-charging',
  appliesTo: (resource) => resource.name === chargerResource.name || resource.name === locationResource.name,
  record: {
    panels: [
      {
        component: ({ record, resource }: RecordPartProps) =>
          resource.name === locationResource.name ? (
            <LocationProfilesPanel locationId={Number(record.id)} name={String(record.name ?? record.id)} />
          ) : (
            <SmartChargingPanel chargerId={Number(record.id)} chargerType={String(record.chargerType ?? '')} uniqueId={String(record.uniqueId ?? record.id)} />
          ),
        place: 'top',
      },
    ],
  },
};
