import type { ReactNode } from 'react';
import { canTestOverOcpp, type ChargerLive } from '@domain/ocpp';
import { useChargerLive } from './ocpp-queries';

/**
 * A part of an OCPP charger's page built on its live state (its connectors, its id): shown once the live state is read
 * (the Live state card reads it too, and the charger's live events refresh it), nothing for a charger that does not
 * speak OCPP or while the live state is not there (the Live state card says why).
 */
export function WithChargerLive({ chargerId, children }: { chargerId: number; children: (live: ChargerLive) => ReactNode }) {
  const live = useChargerLive(chargerId);
  if (!live.isSuccess || !canTestOverOcpp(live.data.chargerType)) return null;
  return <>{children(live.data)}</>;
}
