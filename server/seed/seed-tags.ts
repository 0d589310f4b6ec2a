import { tags } from '@server/db/schema';
import type { SeedStep } from './seed-context';
import { seedId } from './seed-id';

/** Labels for tickets, orders and chargers. */
export const demoTags = [
  'Priority Site',
  'Highway Corridor',
  'Shopping Mall',
  'Residential Society',
  'Fleet Depot',
  'Hotel',
  'Tech Park',
  'Hospital',
  'Government Office',
  'Needs Follow-up',
  'Warranty Claim',
  'VIP Host',
] as const;

/** Seeds the tags. */
export const seedTags: SeedStep = {
  name: 'tags',
  async run({ tx }) {
    await tx.insert(tags).values(demoTags.map((name) => ({ id: seedId('tag', name), name }))).onConflictDoNothing();
    return demoTags.length;
  },
};
