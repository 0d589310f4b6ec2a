// Add credits to wallet (user-service `add-credits-to-wallet`, permission ROLE_ADD_CREDITS): a preview that says who
// each number is and what is wrong with each row, writing nothing; then the commit, all or nothing: every row checked
// again inside its transaction (400 with a path per row and nothing written if any is wrong), one ADD_CREDITS posting
// per wallet (wallet +amount, PROMOTIONS −amount) in one postMany call, and one audit row for the batch. The commit
// needs an Idempotency-Key: a retry answers the first answer, the same key with another body is refused (422).
//
// Staff do not credit themselves: a row naming the caller's own wallet or any staff account's is a row with a problem.
// A batch whose total is above ADD_CREDITS_APPROVAL_ABOVE_PAISE (server/config.ts) is not posted: it is stored as a
// credit request (202), which another staff member approves (the credits are posted then) or rejects, along
// machines/credit-request.machine.ts (server/wallets/credit-request-effects.ts).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  addCreditsAnswerSchema,
  addCreditsHeldAnswerSchema,
  addCreditsMessages,
  addCreditsPreviewAnswerSchema,
  addCreditsPreviewSchema,
  addCreditsSchema,
  amountProblem,
  type AddCreditsAnswer,
  type AddCreditsHeldAnswer,
  type AddCreditsPreview,
  type AddCreditsPreviewRow,
} from '@domain/add-credits';
import { formatInr } from '@domain/format-money';
import { normaliseIndianMobile } from '@domain/phone';
import { problemSchema } from '@domain/problem';
import { writeAudit } from '@server/audit/write-audit';
import { staffAccountsAmong } from '@server/auth/who-may-change-whom';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { IDEMPOTENCY_HEADER, idempotent } from '@server/http/idempotency';
import { validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { postMany } from '@server/ledger/ledger';
import { creditRequests } from '@server/db/tables/wallets';

/** API path of add credits (the user service's `add-credits-to-wallet` route). */
export const ADD_CREDITS_API = '/user-service/add-credits-to-wallet';
/** Audit entity type of a batch of credits (its id is the batch id, also each posting's `add-credits:<batch>`). */
export const ADD_CREDITS_AUDIT_ENTITY = 'add-credits-to-wallet';

const access = { kind: 'permission', permission: 'ROLE_ADD_CREDITS' } as const;

interface UserRow {
  id: string;
  name: string | null;
  mobile_number: string;
  is_active: boolean;
  wallet_id: string | null;
  credits: string | number | null;
}

/** Audit entity type of a held batch (the credit requests resource: its workflow's transitions are audited there too). */
export const CREDIT_REQUEST_AUDIT_ENTITY = 'credit-requests';

/** Who asks, and the batch total above which a commit waits for another staff member's approval. */
export interface AddCreditsCaller {
  userId: string;
  approvalAbove: number;
}

/**
 * Every row checked against the users, their wallets, the blocked numbers and who is asking (not their own wallet,
 * not a staff account's). Writes nothing.
 */
export async function previewAddCredits(db: Database, rows: readonly { mobileNumber: string; amount: number }[], caller: AddCreditsCaller): Promise<AddCreditsPreview> {
  const numbers = rows.map((r) => normaliseIndianMobile(r.mobileNumber) ?? null);
  const distinct = [...new Set(numbers.filter((n): n is string => n !== null))];
  const users = new Map<string, UserRow>();
  const blocked = new Set<string>();
  if (distinct.length > 0) {
    const [found, block] = [
      rowsOf<UserRow>(
        await db.execute(sql`
          select u.id, u.name, u.mobile_number, u.is_active, w.id as wallet_id, w.credits
          from users u left join wallets w on w.user_id = u.id
          where u.mobile_number = any(${sql.param(distinct)}::text[])`),
      ),
      rowsOf<{ mobile_number: string }>(await db.execute(sql`select mobile_number from blocked_numbers where blocked and mobile_number = any(${sql.param(distinct)}::text[])`)),
    ];
    for (const u of found) users.set(u.mobile_number, u);
    for (const b of block) blocked.add(b.mobile_number);
  }
  const staff = await staffAccountsAmong(db, [...users.values()].map((u) => u.id));
  const firstRow = new Map<string, number>();
  const results: AddCreditsPreviewRow[] = rows.map((row, index) => {
    const errors: AddCreditsPreviewRow['errors'] = [];
    const national = numbers[index]!;
    const user = national ? users.get(national) : undefined;
    if (!national) errors.push({ field: 'mobileNumber', message: addCreditsMessages.invalidNumber });
    else if (firstRow.has(national)) errors.push({ field: 'mobileNumber', message: addCreditsMessages.duplicate(firstRow.get(national)! + 1) });
    else if (blocked.has(national)) errors.push({ field: 'mobileNumber', message: addCreditsMessages.blocked });
    else if (!user) errors.push({ field: 'mobileNumber', message: addCreditsMessages.unknownNumber });
    else if (!user.is_active) errors.push({ field: 'mobileNumber', message: addCreditsMessages.inactive });
    else if (user.id === caller.userId) errors.push({ field: 'mobileNumber', message: addCreditsMessages.ownWallet });
    else if (staff.has(user.id)) errors.push({ field: 'mobileNumber', message: addCreditsMessages.staffWallet });
    if (national && !firstRow.has(national)) firstRow.set(national, index);
    const amount = amountProblem(row.amount);
    if (amount) errors.push({ field: 'amount', message: amount });
    return {
      mobileNumber: national,
      userId: user?.id ?? null,
      name: user?.name ?? null,
      walletId: user?.wallet_id ?? null,
      balance: user ? Number(user.credits ?? 0) : null,
      amount: row.amount,
      errors,
    };
  });
  const good = results.filter((r) => r.errors.length === 0);
  const total = good.reduce((sum, r) => sum + r.amount, 0);
  return { ok: good.length === results.length, errorCount: results.length - good.length, count: good.length, total, rows: results, approvalAbove: caller.approvalAbove, needsApproval: total > caller.approvalAbove };
}

/** The 400 of a commit whose rows have problems: a path per row, nothing written. */
export function rowProblems(preview: AddCreditsPreview, what: string) {
  const errors = preview.rows.flatMap((r, i) => r.errors.map((e) => ({ path: `rows.${i}.${e.field}`, message: e.message })));
  return validationProblem(errors, `${preview.errorCount} ${preview.errorCount === 1 ? 'row has a problem' : 'rows have problems'}; ${what}.`);
}

/** The credited rows of a checked preview, as a credit request stores them. */
export const creditedRows = (preview: AddCreditsPreview) => preview.rows.map((r) => ({ userId: r.userId!, mobileNumber: r.mobileNumber!, amount: r.amount }));

/** Registers the preview and the commit of add credits. */
export function registerAddCreditsRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'POST',
    path: `${ADD_CREDITS_API}/preview`,
    access,
    body: addCreditsPreviewSchema,
    summary:
      'Check a list of numbers and amounts (paise) for Add credits to wallet without writing anything: each row with the normalised number, the user, their wallet balance, and its problems by field (not a valid number, no user, blocked, listed twice, the caller\'s own wallet or a staff account\'s, amount not a positive whole number of paise or over the per-number limit), and whether the total needs another staff member\'s approval.',
    responses: { 200: { description: 'The preview', schema: addCreditsPreviewAnswerSchema }, 400: { description: 'Not a list of rows, or too many', schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => c.json(await previewAddCredits(deps.db, body.rows, { userId: session.userId, approvalAbove: deps.config.addCredits.approvalAbovePaise }), 200),
  });

  registry.route({
    method: 'POST',
    path: ADD_CREDITS_API,
    access,
    body: addCreditsSchema,
    summary:
      'Add credits to the wallets of a list of numbers, all or nothing: one ADD_CREDITS ledger posting per wallet (wallet +amount, promotions −amount, the reason as its note, reference add-credits:<batch>) and one audit row for the batch, in one transaction. Any row with a problem (the caller\'s own wallet and staff accounts included) answers 400 with its path (rows.<index>.mobileNumber or .amount) and nothing is written. A total above the approval limit (ADD_CREDITS_APPROVAL_ABOVE_PAISE) credits nothing yet: it answers 202 with a credit request that another staff member approves or rejects (/user-service/credit-requests). Needs an Idempotency-Key header: a retry answers the first answer; the key with another body is refused (422).',
    responses: {
      201: { description: 'The batch and the wallets credited, with their balances after', schema: addCreditsAnswerSchema },
      202: { description: 'The total is above the approval limit: a credit request waits for another staff member, nothing is credited yet', schema: addCreditsHeldAnswerSchema },
      400: { description: 'A row has a problem, or no Idempotency-Key', schema: problemSchema },
      422: { description: 'The Idempotency-Key was used for another request', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      if (!c.req.header(IDEMPOTENCY_HEADER)) {
        throw validationProblem([{ path: IDEMPOTENCY_HEADER, message: 'Send an Idempotency-Key header, the same one when you retry' }], 'Adding credits needs an Idempotency-Key header.');
      }
      const now = deps.now();
      const approvalAbove = deps.config.addCredits.approvalAbovePaise;
      return idempotent(c, deps.db, session.userId, body, now, async (tx) => {
        const preview = await previewAddCredits(tx, body.rows, { userId: session.userId, approvalAbove });
        if (!preview.ok) throw rowProblems(preview, 'nothing was credited');
        if (preview.needsApproval) {
          const [request] = await tx
            .insert(creditRequests)
            .values({ message: body.message, count: preview.count, total: preview.total, rows: creditedRows(preview), requestedById: session.userId, requestedAt: now, status: 'PENDING', createdAt: now, updatedAt: now })
            .returning({ id: creditRequests.id });
          const creditRequestId = Number((request as { id: number }).id);
          await writeAudit(
            tx,
            {
              entityType: CREDIT_REQUEST_AUDIT_ENTITY,
              entityId: String(creditRequestId),
              actorUserId: session.userId,
              action: 'create',
              reason: body.message,
              changes: { count: preview.count, total: preview.total, totalText: formatInr(preview.total), approvalAbove },
            },
            now,
          );
          const held: AddCreditsHeldAnswer = { creditRequestId, status: 'PENDING', count: preview.count, total: preview.total, approvalAbove };
          return { status: 202, body: held };
        }
        const batchId = randomUUID();
        const reference = `add-credits:${batchId}`;
        const credited = preview.rows.map((r) => ({ userId: r.userId!, mobileNumber: r.mobileNumber!, name: r.name, amount: r.amount }));
        const results = await postMany(
          tx,
          credited.map((r) => ({
            kind: 'ADD_CREDITS' as const,
            memo: body.message,
            reference,
            actorUserId: session.userId,
            legs: [
              { account: { wallet: r.userId }, amount: r.amount },
              { account: { system: 'PROMOTIONS' as const }, amount: -r.amount },
            ],
          })),
        );
        // Wallets opened by the posting have ids only now.
        const walletIds = new Map(
          rowsOf<{ id: string; user_id: string }>(await tx.execute(sql`select id, user_id from wallets where user_id = any(${sql.param(credited.map((r) => r.userId))}::uuid[])`)).map((w) => [w.user_id, w.id]),
        );
        const wallets = credited.map((r, i) => ({ ...r, walletId: walletIds.get(r.userId)!, balance: results[i]!.walletBalances.get(r.userId)! }));
        await writeAudit(
          tx,
          {
            entityType: ADD_CREDITS_AUDIT_ENTITY,
            entityId: batchId,
            actorUserId: session.userId,
            action: 'add-credits',
            reason: body.message,
            changes: { count: wallets.length, total: preview.total, totalText: formatInr(preview.total), reference, wallets: wallets.map((w) => ({ userId: w.userId, amount: w.amount })) },
          },
          now,
        );
        const answer: AddCreditsAnswer = { batchId, count: wallets.length, total: preview.total, wallets };
        return { status: 201, body: answer };
      });
    },
  });
}
