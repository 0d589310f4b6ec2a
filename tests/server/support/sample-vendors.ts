import { sql } from 'drizzle-orm';
import type { OpenDatabase } from '@server/db/open-database';

/**
 * Inserts `count` vendors for list tests: "Vendor n", mobile 98 followed by n, two in three active, created in 97
 * hourly steps from 1 Jan 2026 (so every 97th vendor ties on created_at).
 */
export async function insertSampleVendors(database: OpenDatabase, count: number): Promise<void> {
  await database.db.execute(sql`
    insert into vendors (name, mobile_number, is_active, created_at, updated_at)
    select 'Vendor ' || n, '98' || lpad(n::text, 8, '0'), n % 3 <> 0, timestamptz '2026-01-01' + (n % 97) * interval '1 hour', now()
    from generate_series(1, ${count}::int) n`);
}
