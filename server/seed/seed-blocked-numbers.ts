// Seed step of the blocked numbers (Unblock User): a few numbers blocked by the sign-in rule and by staff, and one
// blocked and later unblocked, each with the audit rows its block and unblock would have written.
import { sql } from 'drizzle-orm';
import { blockedNumberResource } from '@domain/resources/users/blocked-number';
import { auditLog } from '@server/db/schema';
import { blockedNumbers } from '@server/db/tables/users';
import type { SeedStep } from './seed-context';
import { scalar } from './seed-sql';
import { demoStaffUserId } from './seed-staff';

const HOUR = 3_600_000;
const SUPPORT = demoStaffUserId('9000000005');
const ADMIN = demoStaffUserId('9000000001');
const attempts = (n: number) => `${n} sign-in codes were used up by wrong attempts within 10 minutes.`;

/** The seeded blocks: number, source, reason, by whom, hours ago; `unblocked` when staff lifted it later. */
const demoBlocks = [
  { mobileNumber: '9812345670', source: 'SIGN_IN_ATTEMPTS', reason: attempts(3), by: null, hoursAgo: 2 },
  { mobileNumber: '8000000042', source: 'SIGN_IN_ATTEMPTS', reason: attempts(3), by: null, hoursAgo: 26 },
  { mobileNumber: '7012398765', source: 'STAFF', reason: 'Customer reported the SIM as stolen (support ticket call on 1800 number).', by: SUPPORT, hoursAgo: 50 },
  { mobileNumber: '9988776655', source: 'STAFF', reason: 'Repeated fake booking attempts at the Koramangala hub.', by: ADMIN, hoursAgo: 120 },
  { mobileNumber: '8000000137', source: 'SIGN_IN_ATTEMPTS', reason: attempts(4), by: null, hoursAgo: 200 },
  {
    mobileNumber: '9123456780',
    source: 'STAFF',
    reason: 'Shared account used by several drivers.',
    by: SUPPORT,
    hoursAgo: 300,
    unblocked: { by: ADMIN, hoursAgo: 280, reason: 'Driver verified their identity by video call; account no longer shared.' },
  },
] as const;

/** Seeds the demo blocked numbers (idempotent: numbers already present are kept as they are). */
export const seedBlockedNumbers: SeedStep = {
  name: 'blocked numbers',
  async run(ctx) {
    const at = (hoursAgo: number) => new Date(ctx.now.getTime() - hoursAgo * HOUR);
    for (const block of demoBlocks) {
      const unblocked = 'unblocked' in block ? block.unblocked : undefined;
      const [row] = await ctx.tx
        .insert(blockedNumbers)
        .values({
          mobileNumber: block.mobileNumber,
          blocked: !unblocked,
          source: block.source,
          reason: block.reason,
          blockedAt: at(block.hoursAgo),
          blockedByUserId: block.by,
          unblockedAt: unblocked ? at(unblocked.hoursAgo) : null,
          unblockedByUserId: unblocked?.by ?? null,
          unblockReason: unblocked?.reason ?? null,
          createdAt: at(block.hoursAgo),
          updatedAt: at(unblocked?.hoursAgo ?? block.hoursAgo),
        })
        .onConflictDoNothing({ target: blockedNumbers.mobileNumber })
        .returning({ id: blockedNumbers.id });
      if (!row) continue;
      const entity = { entityType: blockedNumberResource.name, entityId: String(row.id) };
      await ctx.tx.insert(auditLog).values({
        ...entity,
        actorUserId: block.by,
        action: 'block',
        reason: block.reason,
        changes: { blocked: { from: false, to: true }, source: { to: block.source } },
        createdAt: at(block.hoursAgo),
      });
      if (unblocked) {
        await ctx.tx.insert(auditLog).values({ ...entity, actorUserId: unblocked.by, action: 'unblock', reason: unblocked.reason, changes: { blocked: { from: true, to: false } }, createdAt: at(unblocked.hoursAgo) });
      }
    }
    return scalar(ctx.tx, sql`select count(*) from blocked_numbers`);
  },
};
