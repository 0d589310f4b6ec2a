// A charger's host, one implementation for the two actions that set it: Transfer device (by the receiving host's
// number, after a preview) and Map to host (a charger's page: set or clear, with a reason). Both lock the charger's
// row, check who the host is now, write the new host and the audit row (from and to in words, numbers masked, the
// user ids beside them) in the caller's transaction.
import { sql, type SQL } from 'drizzle-orm';
import { chargerResource } from '@domain/resources/chargers/charger';
import { formatIndianMobile, maskMobile } from '@domain/phone';
import { transferProblemTypes, type TransferHost } from '@domain/transfer-device';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { HttpProblem } from '@server/http/problem';
import { rowsOf } from '@server/db/rows';

/** A charger as the host actions read it. */
export interface ChargerRow {
  id: number;
  unique_id: string;
  charger_type: string;
  is_active: boolean;
  location_id: number | null;
  location_name: string | null;
  city_name: string | null;
  host_id: string | null;
}

interface HostRow {
  user_id: string;
  name: string | null;
  mobile_number: string;
  business_name: string | null;
  host_active: boolean | null;
  user_active: boolean;
}

/** A refusal naming one field (404 or 409, with its problem type). */
export const refusal = (status: number, type: string, path: string, message: string, detail = message) =>
  new HttpProblem({ type, status, title: status === 404 ? 'Not Found' : 'Conflict', detail, errors: [{ path, message }] });

/** The charger found by unique id or id (locked for the transaction when `lock`); 404 on `path` when there is none. */
export async function loadCharger(db: Database, by: { uniqueId: string } | { id: number }, lock: boolean, path = 'uniqueId'): Promise<ChargerRow> {
  // The lock takes the charger's row only (FOR UPDATE OF c): its location and city are read, not locked.
  const [row] = rowsOf<ChargerRow>(
    await db.execute(sql`
      select c.id::int as id, c.unique_id, c.charger_type, c.is_active, c.location_id::int as location_id, l.name as location_name,
        ci.name as city_name, c.host_id::text as host_id
      from chargers c left join locations l on l.id = c.location_id left join cities ci on ci.id = c.city_id
      where ${'uniqueId' in by ? sql`c.unique_id = ${by.uniqueId}` : sql`c.id = ${by.id}`}
      ${lock ? sql`for update of c` : sql``}`),
  );
  if (!row) throw refusal(404, transferProblemTypes.unknownCharger, path, 'uniqueId' in by ? `No charger has the unique id ${by.uniqueId}` : 'No charger has this id');
  return row;
}

const hostSelect = (where: SQL) => sql`
  select u.id::text as user_id, u.name, u.mobile_number, h.business_name, h.is_active as host_active, u.is_active as user_active
  from users u left join hosts h on h.user_id = u.id
  where ${where}
  limit 1`;

const toHost = (row: HostRow): TransferHost => ({ userId: row.user_id, name: row.name, mobileNumber: row.mobile_number, businessName: row.business_name });

/** The charger's current host (a user; seeded chargers may name a user without a host record), or null. */
export async function currentHost(db: Database, userId: string | null): Promise<TransferHost | null> {
  if (userId === null) return null;
  const [row] = rowsOf<HostRow>(await db.execute(hostSelect(sql`u.id = ${userId}::uuid`)));
  return row ? toHost(row) : null;
}

/**
 * The host a charger moves to: a user (by sign-in number or user id) with an active host record; 404 (no such
 * host) or 409 (inactive) on `path` otherwise.
 */
export async function receivingHost(db: Database, by: { phoneNumber: string } | { userId: string }, path: string): Promise<TransferHost> {
  const [row] = rowsOf<HostRow>(await db.execute(hostSelect('phoneNumber' in by ? sql`u.mobile_number = ${by.phoneNumber}` : sql`u.id = ${by.userId}::uuid`)));
  const shown = 'phoneNumber' in by ? `the number ${formatIndianMobile(by.phoneNumber)}` : row ? `the number ${formatIndianMobile(row.mobile_number)}` : 'this id';
  if (!row || row.business_name === null) {
    throw refusal(404, transferProblemTypes.unknownHost, path, `No host has ${shown}`, `No host has ${shown}: the receiving user must be registered as a host.`);
  }
  if (!row.user_active || row.host_active === false) {
    throw refusal(409, transferProblemTypes.inactiveHost, path, `The host with ${shown} is inactive`, `${row.business_name} (${formatIndianMobile(row.mobile_number)}) is inactive: activate the host before moving a charger to them.`);
  }
  return toHost(row);
}

/** A host in words for the history: business and person, number masked. */
const side = (host: TransferHost | null) => (host ? `${[host.businessName, host.name].filter(Boolean).join(', ') || 'Unnamed'} (${maskMobile(host.mobileNumber)})` : null);

/**
 * Writes the charger's new host (null: none) and the audit row of `action` in the caller's transaction; the charger
 * must be locked by it (loadCharger with lock) and `from` its host as read under that lock.
 */
export async function setChargerHost(
  tx: Database,
  change: { charger: ChargerRow; from: TransferHost | null; to: TransferHost | null; actorUserId: string; action: string; reason?: string; now: Date },
): Promise<void> {
  const { charger, from, to, now } = change;
  await tx.execute(sql`update chargers set host_id = ${to ? sql`${to.userId}::uuid` : sql`null`}, updated_at = ${now.toISOString()}::timestamptz where id = ${charger.id}`);
  await writeAudit(
    tx,
    {
      entityType: chargerResource.name,
      entityId: String(charger.id),
      actorUserId: change.actorUserId,
      action: change.action,
      reason: change.reason ?? null,
      changes: { hostId: { from: side(from), to: side(to), fromUserId: charger.host_id, toUserId: to?.userId ?? null } },
    },
    now,
  );
}
