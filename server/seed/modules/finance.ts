import type { SeedStep } from '../seed-context';
import {
  seedInvestmentLeadBundles,
  seedInvestorBundles,
  seedInvoices,
  seedPayouts,
  seedPostpaidConfigurations,
  seedSettlements,
} from '../seed-finance';
import { seedInvestmentOpportunities, seedOpportunityLeads } from '../seed-finance-sustain';
import { seedTopUpRequests } from '../seed-top-up-requests';

/** Seed steps of the finance resources, in dependency order (opportunities before their leads). */
export const financeSeedSteps: readonly SeedStep[] = [
  seedSettlements,
  seedPayouts,
  seedInvoices,
  seedPostpaidConfigurations,
  seedInvestorBundles,
  seedInvestmentLeadBundles,
  seedInvestmentOpportunities,
  seedOpportunityLeads,
  seedTopUpRequests,
];
