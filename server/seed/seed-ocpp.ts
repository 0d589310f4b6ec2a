import { sql } from 'drizzle-orm';
import { chargers } from '@server/db/tables/chargers';
import { ocppChargePoints } from '@server/db/tables/ocpp';
import { hashChargerPassword } from '@server/ocpp/charger-password';
import type { SeedStep } from './seed-context';
import { rowsOf } from './seed-sql';

/**
 * Every OCPP charger gets its charge point row, offline, with the development password (DEV_CHARGER_PASSWORD, the
 * setting the simulator logs in with; one hash shared by all). The seed runs outside production only.
 */
export const seedOcppChargePoints: SeedStep = {
  name: 'OCPP charge points',
  async run({ tx, now, devChargerPassword }) {
    const hash = hashChargerPassword(devChargerPassword);
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
