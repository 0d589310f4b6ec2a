// The tables of the resource definitions, built from them (server/resources/build-tables.ts). drizzle-kit
// reads this file next to schema.ts: every built table must be exported here by name (a test checks it).
import { resources } from '@domain/resource/registry';
import { recordWorkflows } from '@machines/workflow-registry';
import { buildTables } from '@server/resources/build-tables';
import * as foundation from './schema';
import { walletLedger } from './tables/ledger';
import type { ResourceTable } from '@server/resources/build-tables';

/**
 * Every resource table by table name; foundation tables (and the wallet ledger's view) a resource uses are passed
 * through as they are. Every
 * record workflow's state column gets a CHECK of its machine's states.
 */
export const builtTables = buildTables(resources, {
  users: foundation.users,
  roles: foundation.roles,
  czo_users: foundation.czoUsers,
  wallets: foundation.wallets,
  user_roles: foundation.userRoles,
  socket_types: foundation.socketTypes,
  cities: foundation.cities,
  tags: foundation.tags,
  charge_point_operators: foundation.chargePointOperators,
  sms_notification_logs: foundation.smsNotificationLogs,
  // A view over the ledger (read-only resource): selected from like a table, never written.
  wallet_ledger: walletLedger as unknown as ResourceTable,
}, recordWorkflows);

/** The built table of that name (the per-module files under ./tables export them by name for drizzle-kit). */
export function resourceTable(name: string) {
  const built = builtTables.get(name);
  if (!built) throw new Error(`No resource declares table ${name}`);
  return built.table;
}
