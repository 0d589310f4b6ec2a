import { chargerResource } from '@domain/resources/chargers/charger';
import type { RecordPartProps, ResourceExtension } from '@resources/resource-extension';
import { ChargerLivePanel } from './charger-live-panel';

/** The live part of a charger's page (connectors, sessions, commands, message log) at the top of its main column. */
export const chargerLiveExtension: ResourceExtension = {
  feature: 'charger-live',
  appliesTo: (resource) => resource.name === chargerResource.name,
  record: { panels: [{ component: ({ record }: RecordPartProps) => <ChargerLivePanel chargerId={Number(record.id)} />, place: 'top' }] },
};
