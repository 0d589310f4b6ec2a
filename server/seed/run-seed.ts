import { count, sql } from 'drizzle-orm';
import { devChargerPassword } from '@server/config';
import type { Database } from '@server/db/database';
import { roles } from '@server/db/schema';
import type { SeedStep } from './seed-context';
import { bookingSeedSteps } from './modules/bookings';
import { chargerSeedSteps } from './modules/chargers';
import { financeSeedSteps } from './modules/finance';
import { globalDataSeedSteps } from './modules/global-data';
import { leadSeedSteps } from './modules/leads';
import { operatorSeedSteps } from './modules/operators';
import { ticketSeedSteps } from './modules/tickets';
import { userSeedSteps } from './modules/users';
import { seedChargePointOperators } from './seed-charge-point-operators';
import { seedCities } from './seed-cities';
import { seedRoles } from './seed-roles';
import { seedSocketTypes } from './seed-socket-types';
import { seedStaff } from './seed-staff';
import { seedTags } from './seed-tags';

/** The seed steps in dependency order (roles before the staff who hold them; users before chargers before bookings). */
export const seedSteps: readonly SeedStep[] = [
  seedRoles,
  seedStaff,
  seedSocketTypes,
  seedCities,
  seedTags,
  seedChargePointOperators,
  ...userSeedSteps,
  ...operatorSeedSteps,
  ...globalDataSeedSteps,
  ...chargerSeedSteps,
  ...bookingSeedSteps,
  ...ticketSeedSteps,
  ...leadSeedSteps,
  ...financeSeedSteps,
];

/** Options of runSeed. */
export interface RunSeedOptions {
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /** created_at of seeded rows (default now). */
  now?: Date;
  /** Size multiplier of the bulk data (default 1). */
  scale?: number;
  /** The demo OCPP chargers' password (default DEV_CHARGER_PASSWORD of the environment, or its development default). */
  devChargerPassword?: string;
}

/** True when the database was never seeded (no roles), or was seeded before the resource tables (no bookings). */
export async function needsSeed(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(roles);
  if ((row?.n ?? 0) === 0) return true;
  // A database seeded before the resource tables existed gets their demo data on its next start.
  const [bookings] = await db.select({ any: sql<boolean>`exists (select 1 from bookings)` }).from(sql`(select 1) as one`);
  return !bookings?.any;
}

/** Seeds the demo data in one transaction; idempotent (existing records are kept as they are). */
export async function runSeed(db: Database, options: RunSeedOptions = {}): Promise<void> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const scale = options.scale ?? 1;
  const chargerPassword = options.devChargerPassword ?? devChargerPassword();
  await db.transaction(async (tx) => {
    for (const step of seedSteps) {
      const started = Date.now();
      const n = await step.run({ tx, now, scale, log, devChargerPassword: chargerPassword });
      log(`  seeded ${step.name}: ${n} (${Date.now() - started} ms)`);
    }
  });
  // Fresh statistics (the planner's estimates drive the counts of large lists) and a fresh visibility map, so
  // index-only scans serve counts and deep pages without visiting the table (after a bulk load they cannot).
  await db.execute(sql`vacuum analyze`);
}
