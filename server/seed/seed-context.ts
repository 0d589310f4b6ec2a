import type { Database } from '@server/db/database';

/** What every per-entity seed module receives. */
export interface SeedContext {
  /** The seeding transaction. */
  tx: Database;
  /** Timestamp written as created_at of seeded rows. */
  now: Date;
  /**
   * Size multiplier of the bulk data (1 for `npm start`: thousands of chargers and users, 100k+ bookings;
   * 10 for benchmarks; tests use a small fraction). Reference data (roles, cities, staff) ignores it.
   */
  scale: number;
  /** Progress lines for long steps. */
  log: (line: string) => void;
  /** The demo OCPP chargers' password (the setting DEV_CHARGER_PASSWORD, which the simulated chargers log in with). */
  devChargerPassword: string;
}

/** One step of the seed: an entity module. Returns how many records it ensures exist. */
export interface SeedStep {
  name: string;
  run(ctx: SeedContext): Promise<number>;
}
