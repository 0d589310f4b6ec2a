// Who a charger is while its socket is open, read when it connects, and its security profile 1 password hash.
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { chargers } from '@server/db/tables/chargers';
import { ocppChargePoints } from '@server/db/tables/ocpp';

/** An OCPP charger as the central system knows it while its socket is open. */
export interface ChargerIdentity {
  id: number;
  uniqueId: string;
  chargeBoxId: string;
  chargerType: string;
  isActive: boolean;
  cityId: string | null;
  locationId: number | null;
  sockets: { code: string; displayText: string; value: number }[];
  passwordHash: string | null;
}

const iso = (d: Date) => d.toISOString();

/** The OCPP charger with this charge box id, or null. */
export async function findChargerByBoxId(db: Database, chargeBoxId: string): Promise<ChargerIdentity | null> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select c.id, c.unique_id, c.charger_box_id, c.charger_type, c.is_active, c.city_id, c.location_id, c.sockets, p.password_hash
      from ${chargers} c left join ${ocppChargePoints} p on p.charger_id = c.id
      where c.charger_box_id = ${chargeBoxId} limit 1`),
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    uniqueId: String(row.unique_id),
    chargeBoxId: String(row.charger_box_id),
    chargerType: String(row.charger_type),
    isActive: Boolean(row.is_active),
    cityId: (row.city_id as string | null) ?? null,
    locationId: row.location_id === null ? null : Number(row.location_id),
    sockets: (row.sockets as ChargerIdentity['sockets'] | null) ?? [],
    passwordHash: (row.password_hash as string | null) ?? null,
  };
}

/** Sets (or rotates) a charger's password hash. */
export async function setChargerPasswordHash(db: Database, chargerId: number, hash: string, now: Date): Promise<void> {
  await db.execute(sql`
    insert into ${ocppChargePoints} (charger_id, password_hash, password_set_at, updated_at) values (${chargerId}, ${hash}, ${iso(now)}, ${iso(now)})
    on conflict (charger_id) do update set password_hash = excluded.password_hash, password_set_at = excluded.password_set_at, updated_at = excluded.updated_at`);
}
