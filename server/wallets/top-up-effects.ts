// Effects of the top-up request workflow's events (see server/workflows/workflow-effects.ts), inside the
// transition's transaction: approval credits the wallet (TOP_UP: wallet +amount, TOP_UP_CLEARING −amount, dedupe key
// `top-up:<id>`, so the money moves once whatever happens); both outcomes record who decided and when.
import { eq } from 'drizzle-orm';
import { formatInr } from '@domain/format-money';
import type { Database } from '@server/db/database';
import { topUpRequests } from '@server/db/tables/wallets';
import { post } from '@server/ledger/ledger';
import type { WorkflowEffectInput } from '@server/workflows/workflow-effects';

/** Dedupe key of a request's ledger posting. */
export const topUpDedupeKey = (id: number | string) => `top-up:${String(id)}`;

/** The memo of a top-up posting, as the wallet's history shows it. */
export function topUpMemo(mode: string, paymentReference: string, amount: number): string {
  return `Top-up of ${formatInr(amount)} paid by ${mode}, UTR ${paymentReference}`;
}

export async function topUpRequestEffects(tx: Database, { event, before, session, now }: WorkflowEffectInput): Promise<void> {
  const id = Number(before.id);
  if (event.type === 'APPROVE') {
    const amount = Number(before.amount);
    await post(tx, {
      kind: 'TOP_UP',
      memo: topUpMemo(String(before.mode), String(before.paymentReference), amount),
      reference: `top-up-requests:${id}`,
      dedupeKey: topUpDedupeKey(id),
      actorUserId: session.userId,
      legs: [
        { account: { wallet: String(before.userId) }, amount },
        { account: { system: 'TOP_UP_CLEARING' }, amount: -amount },
      ],
    });
  }
  await tx.update(topUpRequests).set({ decidedById: session.userId, decidedAt: now }).where(eq(topUpRequests.id, id));
}
