import type { SeedStep } from '../seed-context';
import { seedLeads } from '../seed-leads';

/** Seed steps of the leads resources, in dependency order. */
export const leadSeedSteps: readonly SeedStep[] = [seedLeads];
