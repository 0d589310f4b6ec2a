import { chargerResource } from '@domain/resources/chargers/charger';
import type { RecordPartProps, ResourceExtension } from '@resources/resource-extension';
import { ChargerLivePanel } from './charger-live-panel';
import { LocalListPanel } from './local-list-panel';

/**
 * The live part of a charger's page (connectors, sessions, commands, message log) at the top of its main column, and an
 * OCPP charger's local authorization list under it.
 */
export const chargerLiveExtension: ResourceExtension = {
  feature: 'charger-live',
  appliesTo: (resource) => resource.name === chargerResource.name,
  record: {
    panels: [
      { component: ({ record }: RecordPartProps) => <ChargerLivePanel chargerId={Number(record.id)} />, place: 'top' },
      {
        component: ({ record }: RecordPartProps) => <LocalListPanel chargerId={Number(record.id)} chargerType={String(record.chargerType ?? '')} uniqueId={String(record.uniqueId ?? record.id)} />,
        place: 'top',
      },
    ],
  },
};
