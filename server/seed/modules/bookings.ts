import type { SeedStep } from '../seed-context';

/** Seed steps of the bookings resources, in dependency order. */
export const bookingSeedSteps: readonly SeedStep[] = [];
