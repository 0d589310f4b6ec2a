import type { SeedStep } from '../seed-context';

/** Seed steps of the finance resources, in dependency order. */
export const financeSeedSteps: readonly SeedStep[] = [];
