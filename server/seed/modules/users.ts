import type { SeedStep } from '../seed-context';
import {
  seedAppliedReferrals,
  seedBankDetails,
  seedCustomers,
  seedGroups,
  seedHosts,
  seedHostSupportRequests,
  seedWallets,
} from '../seed-users';
import { seedBlockedNumbers } from '../seed-blocked-numbers';
import { seedPendingUsers } from '../seed-pending-users';

/** Seed steps of the users resources, in dependency order (users before their wallets, hosts before their accounts). */
export const userSeedSteps: readonly SeedStep[] = [
  seedCustomers,
  seedHosts,
  seedPendingUsers,
  seedWallets,
  seedGroups,
  seedBankDetails,
  seedHostSupportRequests,
  seedAppliedReferrals,
  seedBlockedNumbers,
];
