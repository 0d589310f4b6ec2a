import { chargerResource } from '@domain/resources/chargers/charger';
import type { RecordPartProps, ResourceExtension } from '@resources/resource-extension';
import { ChargerLivePanel } from './charger-live-panel';
import { LocalListPanel } from './local-list-panel';
import { ReservationsPanel } from './reservations-panel';
import { WithChargerLive } from './with-charger-live';

/**
 * The live part of a charger's page (connectors, sessions, commands, message log) at the top of its main column, and
 * under it an OCPP charger's Reservations and Local authorization list cards (the other OCPP features' cards follow:
 * src/app/resource-extensions.ts).
 */
export const chargerLiveExtension: ResourceExtension = {
  feature: 'charger-live',
  appliesTo: (resource) => resource.name === chargerResource.name,
  record: {
    panels: [
      { component: ({ record }: RecordPartProps) => <ChargerLivePanel chargerId={Number(record.id)} />, place: 'top' },
      {
        component: ({ record }: RecordPartProps) => <WithChargerLive chargerId={Number(record.id)}>{(live) => <ReservationsPanel live={live} />}</WithChargerLive>,
        place: 'top',
      },
      {
        component: ({ record }: RecordPartProps) => <LocalListPanel chargerId={Number(record.id)} chargerType={String(record.chargerType ?? '')} uniqueId={String(record.uniqueId ?? record.id)} />,
        place: 'top',
      },
    ],
  },
};
