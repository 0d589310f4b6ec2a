import type { SeedStep } from '../seed-context';

/** Seed steps of the tickets resources, in dependency order. */
export const ticketSeedSteps: readonly SeedStep[] = [];
