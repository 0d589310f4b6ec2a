// Effects of the credit request workflow's events (server/workflows/workflow-effects.ts), inside the transition's
// transaction. The staff member who made the request can neither approve nor reject it (403): a second pair of eyes
// is the point. Approval checks the stored rows again as the approver would send them (a number blocked, a user who
// became staff or the approver's own wallet since: 409, nothing credited) and posts one ADD_CREDITS per wallet under
// the dedupe key `credit-request:<id>:<user>`, so the money moves once whatever happens; both outcomes record who
// decided and when. The transition route writes the audit row of either.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@server/db/database';
import { creditRequests } from '@server/db/tables/wallets';
import { conflictProblem, forbiddenProblem } from '@server/http/problem';
import { postMany } from '@server/ledger/ledger';
import type { WorkflowEffectInput } from '@server/workflows/workflow-effects';
import { previewAddCredits } from './add-credits-routes';

const storedRowsSchema = z.array(z.object({ userId: z.string(), mobileNumber: z.string(), amount: z.number() }));

/** Dedupe key of one wallet's posting of a credit request. */
export const creditRequestDedupeKey = (id: number, userId: string) => `credit-request:${id}:${userId}`;

export async function creditRequestEffects(tx: Database, { event, before, session, now }: WorkflowEffectInput): Promise<void> {
  const id = Number(before.id);
  if (String(before.requestedById) === session.userId) {
    throw forbiddenProblem('You asked for these credits: another staff member approves or rejects them.');
  }
  if (event.type === 'APPROVE') {
    const rows = storedRowsSchema.parse(before.rows);
    // The approver is checked as the caller: nobody approves credits to their own wallet.
    const preview = await previewAddCredits(tx, rows, { userId: session.userId, approvalAbove: Number.MAX_SAFE_INTEGER });
    if (!preview.ok) {
      const errors = preview.rows.flatMap((r, i) => r.errors.map((e) => ({ path: `rows.${i}.${e.field}`, message: e.message })));
      throw conflictProblem(`${preview.errorCount} ${preview.errorCount === 1 ? 'row has' : 'rows have'} a problem now; nothing was credited. Reject the request and ask for a new one.`, errors);
    }
    await postMany(
      tx,
      preview.rows.map((r) => ({
        kind: 'ADD_CREDITS' as const,
        memo: String(before.message),
        reference: `credit-requests:${id}`,
        dedupeKey: creditRequestDedupeKey(id, r.userId!),
        actorUserId: session.userId,
        legs: [
          { account: { wallet: r.userId! }, amount: r.amount },
          { account: { system: 'PROMOTIONS' as const }, amount: -r.amount },
        ],
      })),
    );
  }
  await tx.update(creditRequests).set({ decidedById: session.userId, decidedAt: now }).where(eq(creditRequests.id, id));
}
