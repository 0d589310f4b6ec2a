// Effects of the payout workflow's events (see server/workflows/workflow-effects.ts).
import { formatInr } from '@domain/format-money';
import type { Database } from '@server/db/database';
import { post } from '@server/ledger/ledger';
import type { WorkflowEffectInput } from '@server/workflows/workflow-effects';

/**
 * A payout marked paid clears what the operator owes hosts against the bank: one PAYOUT posting, HOST_PAYABLE −amount
 * and PAYOUT_CLEARING +amount, keyed `payout:<id>` (posted once). Payouts are not linked to settlements in the
 * schema, so the payout posts its own amount; HOST_PAYABLE's balance is what settlements owe and payouts have not yet
 * paid (negative when a payout went ahead of its settlement).
 */
export async function payoutEffects(tx: Database, { before, to, session }: WorkflowEffectInput): Promise<void> {
  if (to !== 'PAID') return;
  const id = Number(before.id);
  const amount = Number(before.amount);
  if (!(amount > 0)) return;
  await post(tx, {
    kind: 'PAYOUT',
    memo: `Payout ${id}: ${formatInr(amount)} paid to the host`,
    reference: `payouts:${id}`,
    dedupeKey: `payout:${id}`,
    actorUserId: session.userId,
    legs: [
      { account: { system: 'HOST_PAYABLE' }, amount: -amount },
      { account: { system: 'PAYOUT_CLEARING' }, amount },
    ],
  });
}
