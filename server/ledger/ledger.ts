// Postings on the double-entry ledger (server/db/tables/ledger.ts). Every movement of money — credits added by staff,
// an approved top-up, a booking's payment, a cancellation's refund, a utilization correction — is one posting whose
// legs sum to zero, written inside the caller's transaction so the business change and its money commit together.
//
// Wallets are the only accounts with a cached balance (`wallets.credits`) and a `version`: a posting reads the
// wallets it moves, then updates them in one statement on the versions it read (optimistic locking). A wallet changed
// by another posting in between is read again and the posting retried, so concurrent postings serialize on both
// drivers without locking the operator's accounts, which every posting touches and which keep no cached balance.
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { HttpProblem, problemTypes } from '@server/http/problem';
import { rowsOf } from '@server/db/rows';

/**
 * The operator's accounts (one row each; their balance is the sum of their entries). HOST_PAYABLE is what the
 * operator owes hosts (settled, not yet paid out); PAYOUT_CLEARING is the bank account payouts leave from.
 */
export type SystemAccount =
  | 'REVENUE'
  | 'GST'
  | 'PROMOTIONS'
  | 'REFUNDS'
  | 'TOP_UP_CLEARING'
  | 'CORRECTIONS'
  | 'OPENING_BALANCE'
  | 'HOST_PAYABLE'
  | 'PAYOUT_CLEARING';

/** Kinds of posting, one per business event that moves money. */
export const postingKinds = [
  'OPENING_BALANCE',
  'ADD_CREDITS',
  'TOP_UP',
  'BOOKING_PAYMENT',
  'CANCELLATION_REFUND',
  'UTILIZATION_CORRECTION',
  'SETTLEMENT',
  'PAYOUT',
] as const;
export type PostingKind = (typeof postingKinds)[number];

/** An account a leg moves money on: a user's wallet (by the user's id) or one of the operator's accounts. */
export type AccountRef = { wallet: string } | { system: SystemAccount };

/** One leg: a signed amount in paise (a wallet's credit is positive). */
export interface PostingLeg {
  account: AccountRef;
  amount: number;
}

export interface PostingInput {
  kind: PostingKind;
  /** Why, in words staff read in the wallet's history. */
  memo: string;
  bookingId?: number;
  /** What else it belongs to ("top-up-requests:12", "add-credits:<batch id>"). */
  reference?: string;
  /** One effect per key: a posting whose key exists already is not written again (its id is answered). */
  dedupeKey?: string;
  actorUserId?: string | null;
  legs: readonly PostingLeg[];
}

export interface PostingResult {
  postingId: number;
  /** True when the dedupe key had been posted before and nothing was written now. */
  replayed: boolean;
  /** Each moved wallet's balance after the posting, by user id. */
  walletBalances: Map<string, number>;
}

/** Problem type of a debit a prepaid wallet cannot cover. */
export const insufficientCreditsType = '/problems/insufficient-credits';

const MAX_ATTEMPTS = 8;

/** Optimistic-lock miss, deadlock or serialization failure: the attempt is rolled back to its savepoint and retried. */
class RetryPosting extends Error {}

const isRetryableDatabaseError = (error: unknown): boolean => {
  const e = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
  return e?.code === '40P01' || e?.code === '40001';
};

function assertPostable(input: PostingInput): void {
  if (input.legs.length < 2) throw new Error('A posting has at least two legs.');
  let sum = 0;
  for (const leg of input.legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) throw new Error(`A leg's amount is a non-zero whole number of paise, not ${leg.amount}.`);
    sum += leg.amount;
  }
  if (sum !== 0) throw new Error(`A posting's legs sum to zero, not ${sum}.`);
}

const systemKey = (kind: SystemAccount) => `system:${kind}`;

/**
 * Writes one posting inside `tx`. Refuses (409, naming the wallet) a debit that would take a prepaid wallet below
 * zero, and writes nothing then. A user without a wallet gets one (its account opened by the database).
 */
export async function post(tx: Database, input: PostingInput): Promise<PostingResult> {
  const [result] = await postMany(tx, [input]);
  return result!;
}

/**
 * Writes several postings inside `tx` in a few statements whatever their number (adding credits to 1,000 wallets is
 * 1,000 postings). All or nothing: one refused posting refuses them all.
 */
export async function postMany(tx: Database, inputs: readonly PostingInput[]): Promise<PostingResult[]> {
  if (inputs.length === 0) return [];
  inputs.forEach(assertPostable);
  for (let attempt = 1; ; attempt++) {
    try {
      return await tx.transaction((sp) => attemptPostings(sp as unknown as Database, inputs));
    } catch (error) {
      if ((error instanceof RetryPosting || isRetryableDatabaseError(error)) && attempt < MAX_ATTEMPTS) continue;
      if (error instanceof RetryPosting) {
        throw new HttpProblem({ type: problemTypes.conflict, status: 409, title: 'Conflict', detail: 'The wallet kept changing while this was being written. Try again.' });
      }
      throw error;
    }
  }
}

interface WalletRow {
  id: string;
  user_id: string;
  credits: string | number;
  version: number;
  postpaid: boolean;
}

async function attemptPostings(tx: Database, inputs: readonly PostingInput[]): Promise<PostingResult[]> {
  // Postings already written under their dedupe key are answered, not written again.
  const keys = inputs.map((i) => i.dedupeKey).filter((k): k is string => Boolean(k));
  const existing = new Map<string, number>();
  if (keys.length > 0) {
    const rows = rowsOf<{ id: string | number; dedupe_key: string }>(
      await tx.execute(sql`select id, dedupe_key from ledger_postings where dedupe_key = any(${sql.param(keys)}::text[])`),
    );
    for (const r of rows) existing.set(r.dedupe_key, Number(r.id));
  }
  const todo = inputs.filter((i) => !(i.dedupeKey && existing.has(i.dedupeKey)));
  const seenKeys = new Set<string>();
  for (const i of todo) {
    if (!i.dedupeKey) continue;
    if (seenKeys.has(i.dedupeKey)) throw new Error(`Two postings share the dedupe key ${i.dedupeKey}.`);
    seenKeys.add(i.dedupeKey);
  }

  // The wallets moved, read once (created empty where a user has none yet).
  const userIds = [...new Set(todo.flatMap((i) => i.legs.flatMap((l) => ('wallet' in l.account ? [l.account.wallet] : []))))];
  const wallets = new Map<string, WalletRow>();
  if (userIds.length > 0) {
    await tx.execute(sql`insert into wallets (user_id) select unnest(${sql.param(userIds)}::uuid[]) on conflict (user_id) do nothing`);
    const rows = rowsOf<WalletRow>(
      await tx.execute(sql`select id, user_id, credits, version, postpaid from wallets where user_id = any(${sql.param(userIds)}::uuid[]) order by id`),
    );
    for (const r of rows) wallets.set(r.user_id, r);
  }
  const systemKinds = [...new Set(todo.flatMap((i) => i.legs.flatMap((l) => ('system' in l.account ? [l.account.system] : []))))];
  const accountIds = new Map<string, string>();
  if (systemKinds.length > 0) {
    const rows = rowsOf<{ id: string; kind: SystemAccount }>(
      await tx.execute(sql`select id, kind from ledger_accounts where user_id is null and kind = any(${sql.param(systemKinds)}::text[])`),
    );
    for (const r of rows) accountIds.set(systemKey(r.kind), r.id);
  }
  for (const [userId, w] of wallets) accountIds.set(`wallet:${userId}`, w.id);

  // Each wallet's balance after each leg, in order, and refusal of a prepaid wallet going below zero.
  const running = new Map<string, number>([...wallets].map(([u, w]) => [u, Number(w.credits)]));
  const entryRows: { posting: number; account: string; amount: number; balanceAfter: number | null }[] = [];
  todo.forEach((input, index) => {
    for (const leg of input.legs) {
      if ('wallet' in leg.account) {
        const userId = leg.account.wallet;
        const wallet = wallets.get(userId);
        if (!wallet) throw new Error(`No wallet for user ${userId}.`);
        const after = running.get(userId)! + leg.amount;
        if (after < 0 && !wallet.postpaid) throw insufficientCredits(userId, running.get(userId)!, -leg.amount);
        running.set(userId, after);
        entryRows.push({ posting: index, account: wallet.id, amount: leg.amount, balanceAfter: after });
      } else {
        const id = accountIds.get(systemKey(leg.account.system));
        if (!id) throw new Error(`No ledger account ${leg.account.system}.`);
        entryRows.push({ posting: index, account: id, amount: leg.amount, balanceAfter: null });
      }
    }
  });

  // The wallets, on the versions read: any one changed since means another posting came first; read again.
  const moved = [...wallets.values()];
  if (moved.length > 0) {
    await tx.execute(sql`select set_config('czo.ledger_posting', 'on', true)`);
    const updated = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update wallets w set credits = d.credits, version = w.version + 1, updated_at = now()
        from (select unnest(${sql.param(moved.map((w) => w.id))}::uuid[]) as id, unnest(${sql.param(moved.map((w) => running.get(w.user_id)!))}::bigint[]) as credits,
                     unnest(${sql.param(moved.map((w) => w.version))}::int[]) as version) d
        where w.id = d.id and w.version = d.version
        returning w.id`),
    );
    await tx.execute(sql`select set_config('czo.ledger_posting', 'off', true)`);
    if (updated.length !== moved.length) throw new RetryPosting();
  }

  // The postings and their entries: one statement each, whatever their number.
  const postingIds = rowsOf<{ id: string | number }>(
    await tx.execute(sql`
      insert into ledger_postings (kind, memo, booking_id, reference, dedupe_key, actor_user_id)
      select kind, memo, booking_id, reference, dedupe_key, actor_user_id from unnest(${sql.param(todo.map((i) => i.kind))}::text[], ${sql.param(todo.map((i) => i.memo))}::text[], ${sql.param(todo.map((i) => i.bookingId ?? null))}::bigint[],
                           ${sql.param(todo.map((i) => i.reference ?? null))}::text[], ${sql.param(todo.map((i) => i.dedupeKey ?? null))}::text[], ${sql.param(todo.map((i) => i.actorUserId ?? null))}::uuid[])
        with ordinality as t(kind, memo, booking_id, reference, dedupe_key, actor_user_id, n)
      order by n
      returning id`),
  ).map((r) => Number(r.id));
  if (postingIds.length !== todo.length) throw new Error('Not every posting was written.');
  await tx.execute(sql`
    insert into ledger_entries (posting_id, account_id, amount, balance_after)
    select * from unnest(${sql.param(entryRows.map((e) => postingIds[e.posting]!))}::bigint[], ${sql.param(entryRows.map((e) => e.account))}::uuid[],
                         ${sql.param(entryRows.map((e) => e.amount))}::bigint[], ${sql.param(entryRows.map((e) => e.balanceAfter))}::bigint[])`);

  let next = 0;
  return inputs.map((input) => {
    if (input.dedupeKey && existing.has(input.dedupeKey)) return { postingId: existing.get(input.dedupeKey)!, replayed: true, walletBalances: new Map() };
    const postingId = postingIds[next++]!;
    const walletBalances = new Map<string, number>();
    for (const leg of input.legs) if ('wallet' in leg.account) walletBalances.set(leg.account.wallet, running.get(leg.account.wallet)!);
    return { postingId, replayed: false, walletBalances };
  });
}

function insufficientCredits(userId: string, balance: number, debit: number): HttpProblem {
  const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const detail = `The wallet holds ${rupees(balance)}; it cannot pay ${rupees(debit)}.`;
  return new HttpProblem({ type: insufficientCreditsType, status: 409, title: 'Conflict', detail, userId, balance, debit, errors: [{ path: 'amount', message: detail }] } as never);
}

/** A user's wallet balance in paise, as the sum of its entries (0 without a wallet). */
export async function walletBalance(db: Database, userId: string): Promise<number> {
  const [row] = rowsOf<{ n: string | number | null }>(
    await db.execute(sql`select coalesce(sum(e.amount), 0) as n from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = ${userId}`),
  );
  return Number(row?.n ?? 0);
}
