// Seed step of the top-up requests (Wallet Management → Top up Request): customers' bank transfer and UPI payments
// over the last four months, mostly decided (approved, a few rejected with a reason), the last few days' still
// waiting. Every approved request is credited to its wallet as the workflow would (one TOP_UP posting each, dedupe
// key top-up:<id>), all in one postMany call, so the ledger stays balanced and the seed stays fast. Beside them, a few
// credit requests (Wallet Management → Credit Requests): batches of credits above the approval limit that Finance asked
// for, some waiting for a second staff member, one approved by the Super Admin (credited as the workflow would, dedupe
// key credit-request:<id>:<user>) and one rejected.
import { sql } from 'drizzle-orm';
import { rowsOf } from '@server/db/rows';
import { creditRequests, topUpRequests } from '@server/db/tables/wallets';
import { postMany } from '@server/ledger/ledger';
import { creditRequestDedupeKey } from '@server/wallets/credit-request-effects';
import { topUpDedupeKey, topUpMemo } from '@server/wallets/top-up-effects';
import { scaled, sqlBetween, sqlHash } from './demo-data';
import type { SeedStep } from './seed-context';
import { customerUserIds, n, rowCount, sqlPickUuid, sqlWeighted, staffUserIds } from './seed-sql';
import { demoStaffUserId } from './seed-staff';

/** Requests at scale 1. */
export const TOP_UP_REQUESTS_AT_SCALE_1 = 1_500;

const REJECT_REASONS = [
  'No payment with this UTR reached our account',
  'The amount paid differs from the amount requested',
  'Same payment already credited by an earlier request',
  'Payment was reversed by the bank',
];

export const seedTopUpRequests: SeedStep = {
  name: 'top-up requests',
  async run({ tx, now, scale }) {
    const target = scaled(TOP_UP_REQUESTS_AT_SCALE_1, scale, 12);
    const existing = await rowCount(tx, topUpRequests);
    if (existing < target) {
      const customers = await customerUserIds(tx, 2_000);
      const deciders = (await staffUserIds(tx)).slice(0, 4);
      const nowTs = sql`${now.toISOString()}::timestamptz`;
      const from = existing + 1;
      // Request n is n × 2 hours old plus some minutes: the newest (about 10% of them) still wait; older ones are
      // decided within a day, about 1 in 12 rejected.
      await tx.execute(sql`
        insert into ${topUpRequests} (user_id, amount, mode, payment_reference, requested_at, status, decided_by_id, decided_at, reason, created_at, updated_at)
        select user_id, amount, mode, ref, requested_at, status,
          case when status <> 'REQUESTED' then decider end,
          case when status <> 'REQUESTED' then least(${nowTs}, requested_at + (${sqlHash(n, 'tu-decide')} % 86400) * interval '1 second') end,
          case when status = 'REJECTED' then (${sql.param(REJECT_REASONS)}::text[])[1 + ${sqlHash(n, 'tu-reason')} % ${REJECT_REASONS.length}] end,
          requested_at, requested_at
        from (
          select n, ${sqlPickUuid(customers, n, 'tu-user')}::uuid as user_id,
            (array[20000, 50000, 100000, 100000, 200000, 250000, 500000, 1000000])[1 + ${sqlHash(n, 'tu-amount')} % 8]::bigint as amount,
            ${sqlWeighted([['UPI', 7], ['IMPS', 2], ['NEFT', 2], ['RTGS', 1]], n, 'tu-mode')} as mode,
            'UTR' || lpad(n::text, 6, '0') || lpad((${sqlHash(n, 'tu-utr')} % 1000000)::text, 6, '0') as ref,
            ${nowTs} - (n * 2) * interval '1 hour' - (${sqlBetween(0, 110, n, 'tu-min')}) * interval '1 minute' as requested_at,
            case when n <= ${Math.max(4, Math.round(target * 0.1))}::int then 'REQUESTED'
                 when ${sqlHash(n, 'tu-status')} % 12 = 0 then 'REJECTED' else 'APPROVED' end as status,
            ${deciders.length > 0 ? sqlPickUuid(deciders, n, 'tu-decider') : sql`null`}::uuid as decider
          from generate_series(${from}::int, ${target}::int) as n
        ) s`);
    }
    // Approved requests are credited, once each (the dedupe key skips those credited by an earlier run).
    const approved = rowsOf<{ id: string | number; user_id: string; amount: string | number; mode: string; payment_reference: string; decided_by_id: string | null }>(
      await tx.execute(sql`
        select r.id, r.user_id, r.amount, r.mode, r.payment_reference, r.decided_by_id from ${topUpRequests} r
        where r.status = 'APPROVED' and not exists (select 1 from ledger_postings p where p.dedupe_key = 'top-up:' || r.id)
        order by r.requested_at`),
    );
    await postMany(
      tx,
      approved.map((r) => ({
        kind: 'TOP_UP' as const,
        memo: topUpMemo(r.mode, r.payment_reference, Number(r.amount)),
        reference: `top-up-requests:${r.id}`,
        dedupeKey: topUpDedupeKey(r.id),
        actorUserId: r.decided_by_id,
        legs: [
          { account: { wallet: r.user_id }, amount: Number(r.amount) },
          { account: { system: 'TOP_UP_CLEARING' as const }, amount: -Number(r.amount) },
        ],
      })),
    );
    await seedCreditRequests(tx, now);
    return rowCount(tx, topUpRequests);
  },
};

/** The seeded credit requests: what Finance asked for, by state, with the numbers' rupees per row. */
const CREDIT_REQUESTS: readonly { message: string; status: 'PENDING' | 'APPROVED' | 'REJECTED'; rupees: readonly number[]; hoursAgo: number; reason?: string }[] = [
  { message: 'Compensation for the Whitefield hub outage', status: 'PENDING', rupees: [2_500, 2_500, 1_500], hoursAgo: 3 },
  { message: 'Fleet onboarding credit', status: 'PENDING', rupees: [4_000, 3_000], hoursAgo: 20 },
  { message: 'Refund of double charges in the billing incident', status: 'APPROVED', rupees: [3_000, 2_750], hoursAgo: 72 },
  { message: 'Festival goodwill credit', status: 'REJECTED', rupees: [5_000, 5_000], hoursAgo: 120, reason: 'Above the campaign budget: split it by city' },
];

async function seedCreditRequests(tx: Parameters<SeedStep['run']>[0]['tx'], now: Date): Promise<void> {
  if ((await rowCount(tx, creditRequests)) > 0) return;
  const maker = demoStaffUserId('9000000004');
  const checker = demoStaffUserId('9000000001');
  const staff = await staffUserIds(tx);
  if (!staff.includes(maker) || !staff.includes(checker)) return;
  const customers = rowsOf<{ id: string; mobile_number: string }>(
    await tx.execute(sql`
      select u.id, u.mobile_number from users u
      where u.is_active and not exists (select 1 from czo_users c where c.user_id = u.id) and not exists (select 1 from user_roles r where r.user_id = u.id)
        and not exists (select 1 from blocked_numbers b where b.mobile_number = u.mobile_number and b.blocked)
      order by u.mobile_number desc limit 12`),
  );
  if (customers.length < 3) return;
  let next = 0;
  for (const request of CREDIT_REQUESTS) {
    const rows = request.rupees.map((r) => {
      const c = customers[next++ % customers.length]!;
      return { userId: c.id, mobileNumber: c.mobile_number, amount: r * 100 };
    });
    const total = rows.reduce((sum, r) => sum + r.amount, 0);
    const requestedAt = new Date(now.getTime() - request.hoursAgo * 3_600_000);
    const decidedAt = request.status === 'PENDING' ? null : new Date(requestedAt.getTime() + 2 * 3_600_000);
    const [made] = await tx
      .insert(creditRequests)
      .values({
        message: request.message,
        count: rows.length,
        total,
        rows,
        requestedById: maker,
        requestedAt,
        status: request.status,
        decidedById: decidedAt ? checker : null,
        decidedAt,
        reason: request.reason ?? null,
        createdAt: requestedAt,
        updatedAt: decidedAt ?? requestedAt,
      })
      .returning({ id: creditRequests.id });
    const id = Number((made as { id: number }).id);
    if (request.status !== 'APPROVED') continue;
    await postMany(
      tx,
      rows.map((r) => ({
        kind: 'ADD_CREDITS' as const,
        memo: request.message,
        reference: `credit-requests:${id}`,
        dedupeKey: creditRequestDedupeKey(id, r.userId),
        actorUserId: checker,
        legs: [
          { account: { wallet: r.userId }, amount: r.amount },
          { account: { system: 'PROMOTIONS' as const }, amount: -r.amount },
        ],
      })),
    );
  }
}
