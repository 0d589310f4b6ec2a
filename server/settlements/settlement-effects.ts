// Effects of the settlement workflow's events (see server/workflows/workflow-effects.ts).
import { eq } from 'drizzle-orm';
import { formatInr } from '@domain/format-money';
import { maskMobile } from '@domain/phone';
import type { Database } from '@server/db/database';
import { post } from '@server/ledger/ledger';
import { smsNotificationLogs, users } from '@server/db/schema';
import { settlements } from '@server/db/tables/finance';
import type { WorkflowEffectInput } from '@server/workflows/workflow-effects';
import { settleBookings } from './settle-bookings';

/** Template name of the host's settlement notice in the SMS outbox. */
export const SETTLEMENT_NOTICE_TEMPLATE = 'SETTLEMENT_NOTIFIED';

/**
 * SETTLE_BOOKING writes the booking's settlement row and grows the totals; NOTIFY queues the host's SMS notice
 * (status `queued` in the SMS log, the outbox the sender works through); a successful settlement gets its
 * settled-at time and its SETTLEMENT posting on the ledger.
 */
export async function settlementEffects(tx: Database, { event, before, to, now, session }: WorkflowEffectInput): Promise<void> {
  const id = Number(before.id);
  if (event.type === 'SETTLE_BOOKING') {
    await settleBookings(tx, { id, hostId: String(before.hostId) }, [Number(event.bookingId)], now);
  } else if (event.type === 'NOTIFY') {
    const [host] = await tx.select({ mobileNumber: users.mobileNumber }).from(users).where(eq(users.id, String(before.hostId)));
    if (host) {
      await tx.insert(smsNotificationLogs).values({
        mobileNumber: maskMobile(host.mobileNumber),
        message: `Your settlement ${id} for ${String(before.periodFrom)} to ${String(before.periodTo)} of ${formatInr(Number(before.netPayable))} is approved and will reach your bank account shortly.`,
        template: SETTLEMENT_NOTICE_TEMPLATE,
        provider: 'outbox',
        status: 'queued',
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  if (to === 'SUCCESS') {
    await tx.update(settlements).set({ settledAt: now }).where(eq(settlements.id, id));
    await postSettlement(tx, { id, hostId: String(before.hostId), netPayable: Number(before.netPayable) }, session.userId);
  }
}

/**
 * A successful settlement moves its net payable from charging revenue to what the operator owes hosts: one
 * SETTLEMENT posting, REVENUE −net and HOST_PAYABLE +net, keyed `settlement:<id>` so it is posted once however often
 * success is sent. The bookings' GST was posted with their payments and the commission (and its GST) is the
 * operator's share, so both stay where they are; the settlement's rows in settlement_bookings trace the net to its
 * bookings. A settlement with nothing payable posts nothing.
 */
async function postSettlement(tx: Database, settlement: { id: number; hostId: string; netPayable: number }, actorUserId: string): Promise<void> {
  if (!(settlement.netPayable > 0)) return;
  await post(tx, {
    kind: 'SETTLEMENT',
    memo: `Settlement ${settlement.id}: ${formatInr(settlement.netPayable)} payable to the host`,
    reference: `settlements:${settlement.id}`,
    dedupeKey: `settlement:${settlement.id}`,
    actorUserId,
    legs: [
      { account: { system: 'REVENUE' }, amount: -settlement.netPayable },
      { account: { system: 'HOST_PAYABLE' }, amount: settlement.netPayable },
    ],
  });
}
