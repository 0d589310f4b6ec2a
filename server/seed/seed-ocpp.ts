import { sql } from 'drizzle-orm';
import { chargers } from '@server/db/tables/chargers';
import { ocppChargePoints } from '@server/db/tables/ocpp';
import { hashChargerPassword } from '@server/ocpp/charger-password';
import type { SeedStep } from './seed-context';
import { rowsOf } from './seed-sql';

/** The security profile 1 password every demo OCPP charger has outside production (the simulator uses it). */
export const DEV_CHARGER_PASSWORD = 'czo-dev-charger-pass';

/** Every OCPP charger gets its charge point row, offline, with the development password (one hash shared by all). */
export const seedOcppChargePoints: SeedStep = {
  name: 'OCPP charge points',
  async run({ tx, now }) {
    const hash = hashChargerPassword(DEV_CHARGER_PASSWORD);
    const rows = await tx.execute(sql`
      insert into ${ocppChargePoints} (charger_id, password_hash, password_set_at, updated_at)
      select id, ${hash}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from ${chargers} where charger_type = 'OCPP_16_JSON_CHARGER' and charger_box_id is not null
      on conflict do nothing
      returning charger_id
    `);
    return rowsOf(rows).length;
  },
};
