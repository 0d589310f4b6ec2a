import type { SeedStep } from '../seed-context';

/** Seed steps of the operators resources, in dependency order. */
export const operatorSeedSteps: readonly SeedStep[] = [];
