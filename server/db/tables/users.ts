// Tables of the users resources, exported by name so drizzle-kit writes their migrations
// (users, wallets, czo_users, roles and user_roles are foundation tables in ../schema.ts).
import { resourceTable } from '../resource-tables';

export const hosts = resourceTable('hosts');
export const hostSupportRequests = resourceTable('host_support_requests');
export const userGroups = resourceTable('user_groups');
export const hostBankDetails = resourceTable('host_bank_details');
export const appliedReferrals = resourceTable('applied_referrals');
export const blockedNumbers = resourceTable('blocked_numbers');
export const userGroupMembers = resourceTable('user_group_members');
