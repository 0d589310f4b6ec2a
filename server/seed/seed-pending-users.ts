// Seed step of the users waiting for approval (All Users, Approval: Pending): a handful of recent sign-ups, and one
// rejected with the audit row its REJECT would have written. Idempotent: numbers already present are kept as they are.
import { sql } from 'drizzle-orm';
import { userResource } from '@domain/resources/users/user';
import { auditLog, users } from '@server/db/schema';
import type { SeedStep } from './seed-context';
import { seedId } from './seed-id';
import { scalar } from './seed-sql';
import { demoStaffUserId } from './seed-staff';

const HOUR = 3_600_000;

/** The seeded sign-ups: name, number, email, hours ago; `rejected` when staff turned it down. */
export const demoPendingUsers = [
  { name: 'Kavya Raghunathan', mobileNumber: '6360012001', email: 'kavya.raghunathan@gmail.com', hoursAgo: 3 },
  { name: 'Mohammed Irfan Khan', mobileNumber: '6360012002', email: null, hoursAgo: 9 },
  { name: 'Sneha D’Souza', mobileNumber: '6360012003', email: 'sneha.dsouza@outlook.com', hoursAgo: 27 },
  { name: 'Gurpreet Singh Bhatia', mobileNumber: '6360012004', email: null, hoursAgo: 50 },
  { name: 'Ananya Mukherjee', mobileNumber: '6360012005', email: 'ananya.m@yahoo.co.in', hoursAgo: 74 },
  { name: 'Vikram Joshi', mobileNumber: '6360012006', email: 'vikram.joshi@rediffmail.com', hoursAgo: 120 },
  {
    name: 'Rahul Test',
    mobileNumber: '6360012099',
    email: null,
    hoursAgo: 140,
    rejected: { hoursAgo: 130, reason: 'Duplicate of an existing driver account (same vehicle and email).' },
  },
] as const;

/** Seeds the pending (and one rejected) sign-ups. */
export const seedPendingUsers: SeedStep = {
  name: 'pending users',
  async run(ctx) {
    const at = (hoursAgo: number) => new Date(ctx.now.getTime() - hoursAgo * HOUR);
    for (const user of demoPendingUsers) {
      const rejected = 'rejected' in user ? user.rejected : undefined;
      const [row] = await ctx.tx
        .insert(users)
        .values({
          id: seedId('user', user.mobileNumber),
          name: user.name,
          mobileNumber: user.mobileNumber,
          email: user.email,
          approvalStatus: rejected ? 'REJECTED' : 'PENDING',
          version: rejected ? 1 : 0,
          createdAt: at(user.hoursAgo),
          updatedAt: at(rejected?.hoursAgo ?? user.hoursAgo),
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!row || !rejected) continue;
      await ctx.tx.insert(auditLog).values({
        entityType: userResource.name,
        entityId: row.id,
        actorUserId: demoStaffUserId('9000000005'),
        action: 'transition',
        fromState: 'PENDING',
        toState: 'REJECTED',
        event: 'REJECT',
        reason: rejected.reason,
        createdAt: at(rejected.hoursAgo),
      });
    }
    return scalar(ctx.tx, sql`select count(*) from users where approval_status <> 'APPROVED'`);
  },
};
