import type { SeedStep } from '../seed-context';

/** Seed steps of the users resources, in dependency order. */
export const userSeedSteps: readonly SeedStep[] = [];
