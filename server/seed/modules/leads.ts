import type { SeedStep } from '../seed-context';

/** Seed steps of the leads resources, in dependency order. */
export const leadSeedSteps: readonly SeedStep[] = [];
