// The server's development entry to the OCPP simulator (tools/ocpp-simulator): the simulated chargers a server
// outside production connects to itself. The one server file that imports the tool (a lint rule keeps the rest of the
// server from it), and it is loaded only when chargers are wanted (start-server.ts), so production never loads it.
import { sql } from 'drizzle-orm';
import type { AppConfig } from '@server/config';
import type { Database } from '@server/db/database';
import { rfidCardHistory } from '@server/db/tables/chargers';
import { rowsOf } from '@server/db/rows';
import { simulatableChargers } from '@server/ocpp/ocpp-runtime';
import { startFleet, type Fleet } from '@tools/ocpp-simulator/simulator';

/** The simulated development fleet of `wanted` chargers, logging in with the demo chargers' password. */
export async function startDevFleet(input: { url: string; config: AppConfig; db: Database; log: (line: string) => void; wanted: number }): Promise<Fleet | null> {
  const password = input.config.devChargerPassword;
  if (input.wanted <= 0 || password === null) return null;
  const picked = await simulatableChargers(input.db, input.wanted);
  const wsUrl = `${input.url.replace(/^http/, 'ws')}/ocpp`;
  const fleet = await startFleet({
    url: wsUrl,
    chargers: picked.map((c) => ({ ...c, password })),
    meterIntervalSeconds: 10,
    autopilot: { idTags: await activeCards(input.db, 50), everySeconds: 15 },
  });
  input.log(`Simulated OCPP chargers: ${fleet.connected()} of ${picked.length} connected to ${wsUrl} (SIMULATED_CHARGERS=0 turns them off)`);
  return fleet;
}

/** RFID cards whose latest event is ADDED (the autopilot's drivers). */
async function activeCards(db: Database, limit: number): Promise<string[]> {
  const rows = rowsOf<{ card_number: string }>(
    await db.execute(sql`select card_number from (select distinct on (card_number) card_number, action from ${rfidCardHistory} order by card_number, acted_at desc, id desc) latest where action = 'ADDED' limit ${limit}`),
  );
  return rows.map((r) => r.card_number);
}
