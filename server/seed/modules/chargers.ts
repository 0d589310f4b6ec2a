import type { SeedStep } from '../seed-context';
import { seedAuthorizeHistory, seedChargerTransactions, seedRfidCards, seedRfidHistory } from '../seed-chargers-activity';
import { seedChargerGroups, seedChargers, seedHardware, seedLocations, seedWarehouses } from '../seed-chargers';
import { seedOcppChargePoints } from '../seed-ocpp';
import { seedOperationalZones, seedRiskZones, seedThirdPartyChargers } from '../seed-chargers-places';

/** Seed steps of the chargers resources, in dependency order (sites before chargers before their activity). */
export const chargerSeedSteps: readonly SeedStep[] = [
  seedWarehouses,
  seedLocations,
  seedChargers,
  seedChargerGroups,
  seedHardware,
  seedOcppChargePoints,
  seedChargerTransactions,
  seedThirdPartyChargers,
  seedOperationalZones,
  seedRiskZones,
  seedRfidHistory,
  seedRfidCards,
  seedAuthorizeHistory,
];
