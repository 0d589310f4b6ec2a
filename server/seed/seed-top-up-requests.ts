// Seed step of the top-up requests (Wallet Management → Top up Request): customers' bank transfer and UPI payments
// over the last four months, mostly decided (approved, a few rejected with a reason), the last few days' still
// waiting. Every approved request is credited to its wallet as the workflow would (one TOP_UP posting each, dedupe
// key top-up:<id>), all in one postMany call, so the ledger stays balanced and the seed stays fast.
import { sql } from 'drizzle-orm';
import { rowsOf } from '@server/db/rows';
import { topUpRequests } from '@server/db/tables/wallets';
import { postMany } from '@server/ledger/ledger';
import { topUpDedupeKey, topUpMemo } from '@server/wallets/top-up-effects';
import { scaled, sqlBetween, sqlHash } from './demo-data';
import type { SeedStep } from './seed-context';
import { customerUserIds, n, rowCount, sqlPickUuid, sqlWeighted, staffUserIds } from './seed-sql';

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
    return rowCount(tx, topUpRequests);
  },
};
