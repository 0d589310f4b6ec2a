import type { Database } from '@server/db/database';

/** What every per-entity seed module receives. */
export interface SeedContext {
  /** The seeding transaction. */
  tx: Database;
  /** Timestamp written as created_at of seeded rows. */
  now: Date;
}

/** One step of the seed: an entity module. Returns how many records it ensures exist. */
export interface SeedStep {
  name: string;
  run(ctx: SeedContext): Promise<number>;
}
