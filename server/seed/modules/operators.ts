import type { SeedStep } from '../seed-context';
import { seedCpoAccessRequests, seedCpoLeads, seedLocationBanks, seedOperatorDetails, seedWhiteLabelApplications } from '../seed-operators';

/** Seed steps of the operators resources, in dependency order. */
export const operatorSeedSteps: readonly SeedStep[] = [seedOperatorDetails, seedWhiteLabelApplications, seedCpoAccessRequests, seedCpoLeads, seedLocationBanks];
