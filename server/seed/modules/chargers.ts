import type { SeedStep } from '../seed-context';

/** Seed steps of the chargers resources, in dependency order. */
export const chargerSeedSteps: readonly SeedStep[] = [];
