import type { SeedStep } from '../seed-context';

/** Seed steps of the global-data resources, in dependency order. */
export const globalDataSeedSteps: readonly SeedStep[] = [];
