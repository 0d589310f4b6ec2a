// Postings on the double-entry ledger (server/db/tables/ledger.ts). Every movement of money — credits added by staff,
// an approved top-up, a booking's payment, a cancellation's refund, a utilization correction — is one posting whose
// legs sum to zero, written inside the caller's transaction so the business change and its money commit together.
//
// A user owns two accounts: the wallet (what the operator holds for them) and the receivable (what they owe, as a
// negative balance: a charging session the charger delivered that the prepaid wallet could not pay in full). Both are
// cached on the user's `wallets` row (`credits`, `owed`). A posting locks the wallet rows of the users it moves
// (`for update`, in id order, so two postings on the same wallets wait for each other instead of deadlocking), writes
// them and its entries, and then — when it credited a wallet whose owner owes — settles what is owed from the new
// credits, oldest booking first, one BOOKING_PAYMENT per booking (wallet −, receivable +), so a booking's payments
// always add up to what it was charged. The operator's accounts, which every posting touches, are never locked: they
// keep no cached balance.
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

/**
 * An account a leg moves money on: a user's wallet or receivable (by the user's id; a receivable's leg is positive
 * when it reduces what the user owes) or one of the operator's accounts.
 */
export type AccountRef = { wallet: string } | { receivable: string } | { system: SystemAccount };

/** The user who owns an account, or undefined for the operator's accounts. */
export const ownerOf = (account: AccountRef): string | undefined => ('wallet' in account ? account.wallet : 'receivable' in account ? account.receivable : undefined);

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
  /**
   * A debit that happened already (a charging session the charger delivered): when the prepaid wallet holds less than
   * its leg takes, it pays what it holds and its owner owes the rest (the receivable's leg), instead of refusing.
   * Answers the memo then, from what is owed and what the wallet held (paise).
   */
  owesTheRest?: (owed: number, held: number) => string;
}

export interface PostingResult {
  postingId: number;
  /** True when the dedupe key had been posted before and nothing was written now. */
  replayed: boolean;
  /** Each moved wallet's balance after the call (and the settlement of what its owner owed), by user id. */
  walletBalances: Map<string, number>;
  /** What the posting's users owe after the call, by user id (each user the posting moved). */
  owedBalances: Map<string, number>;
}

/** Problem type of a debit a prepaid wallet cannot cover. */
export const insufficientCreditsType = '/problems/insufficient-credits';

const MAX_ATTEMPTS = 8;

/** Deadlock or serialization failure (or a wallet changed under a lock, which cannot happen): the attempt is rolled back to its savepoint and retried. */
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
  if (input.owesTheRest && input.legs.filter((l) => 'wallet' in l.account && l.amount < 0).length !== 1) throw new Error('A posting that may owe the rest debits one wallet.');
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
  owed: string | number;
  version: number;
  postpaid: boolean;
}

/**
 * Locks the wallet rows of these users (`for update`, in id order: every posting takes them in that order, so none
 * waits on another in a cycle), opening an empty wallet for a user who has none. Answers the rows by user id. A
 * caller that reads what a user's bookings owe before posting takes this lock first, so no settlement moves it meanwhile.
 */
export async function lockWallets(tx: Database, userIds: readonly string[]): Promise<Map<string, WalletRow>> {
  const wallets = new Map<string, WalletRow>();
  if (userIds.length === 0) return wallets;
  const sorted = [...new Set(userIds)].sort();
  await tx.execute(sql`insert into wallets (user_id) select unnest(${sql.param(sorted)}::uuid[]) order by 1 on conflict (user_id) do nothing`);
  const rows = rowsOf<WalletRow>(
    await tx.execute(sql`select id, user_id, credits, owed, version, postpaid from wallets where user_id = any(${sql.param(sorted)}::uuid[]) order by id for update`),
  );
  for (const r of rows) wallets.set(r.user_id, r);
  return wallets;
}

/** The postings, then the settlement of what the owners of the wallets they credited owe. */
async function attemptPostings(tx: Database, inputs: readonly PostingInput[]): Promise<PostingResult[]> {
  const written = await writePostings(tx, inputs);
  const running = new Map(written.running);
  for (const [userId, after] of (await settleOwed(tx, written.credited, written.running)) ?? []) running.set(userId, after);
  return written.results.map((r) =>
    r.replayed ? r : { ...r, walletBalances: new Map([...r.walletBalances.keys()].map((u) => [u, running.get(u)!.credits])), owedBalances: new Map([...r.owedBalances.keys()].map((u) => [u, running.get(u)!.owed])) },
  );
}

type Running = Map<string, { credits: number; owed: number }>;

async function writePostings(tx: Database, inputs: readonly PostingInput[]): Promise<{ results: PostingResult[]; running: Running; credited: Set<string> }> {
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

  // The wallets of the users moved, locked (opened empty where a user has none yet).
  const userIds = [...new Set(todo.flatMap((i) => i.legs.flatMap((l) => ownerOf(l.account) ?? [])))];
  const wallets = await lockWallets(tx, userIds);
  const systemKinds = [...new Set(todo.flatMap((i) => i.legs.flatMap((l) => ('system' in l.account ? [l.account.system] : []))))];
  const accountIds = new Map<string, string>();
  if (systemKinds.length > 0) {
    const rows = rowsOf<{ id: string; kind: SystemAccount }>(
      await tx.execute(sql`select id, kind from ledger_accounts where user_id is null and kind = any(${sql.param(systemKinds)}::text[])`),
    );
    for (const r of rows) accountIds.set(systemKey(r.kind), r.id);
  }
  for (const [userId, w] of wallets) accountIds.set(`wallet:${userId}`, w.id);
  // Receivable accounts are looked up only when a posting may move one.
  if (todo.some((i) => i.owesTheRest || i.legs.some((l) => 'receivable' in l.account))) {
    const rows = rowsOf<{ id: string; user_id: string }>(
      await tx.execute(sql`select id, user_id from ledger_accounts where kind = 'RECEIVABLE' and user_id = any(${sql.param(userIds)}::uuid[])`),
    );
    for (const r of rows) accountIds.set(`receivable:${r.user_id}`, r.id);
  }
  const accountOf = (account: AccountRef): string => {
    const key = 'system' in account ? systemKey(account.system) : 'wallet' in account ? `wallet:${account.wallet}` : `receivable:${account.receivable}`;
    const id = accountIds.get(key);
    if (!id) throw new Error(`No ledger account ${key}.`);
    return id;
  };

  // Each wallet's balance and what its owner owes after each leg, in order; a prepaid wallet going below zero is
  // refused, unless the debit happened already (owesTheRest): then the wallet pays what it holds, the owner owes the rest.
  const running: Running = new Map([...wallets].map(([u, w]) => [u, { credits: Number(w.credits), owed: Number(w.owed) }]));
  const credited = new Set<string>();
  const memos = todo.map((i) => i.memo);
  const entryRows: { posting: number; account: string; amount: number; balanceAfter: number | null }[] = [];
  todo.forEach((input, index) => {
    for (const leg of input.legs) {
      if ('system' in leg.account) {
        entryRows.push({ posting: index, account: accountOf(leg.account), amount: leg.amount, balanceAfter: null });
        continue;
      }
      const userId = ownerOf(leg.account)!;
      const wallet = wallets.get(userId);
      if (!wallet) throw new Error(`No wallet for user ${userId}.`);
      const now = running.get(userId)!;
      if ('receivable' in leg.account) {
        const owed = now.owed - leg.amount;
        if (owed < 0) throw new Error(`A posting would settle more than user ${userId} owes (${now.owed}).`);
        now.owed = owed;
        entryRows.push({ posting: index, account: accountOf(leg.account), amount: leg.amount, balanceAfter: -owed });
        continue;
      }
      let amount = leg.amount;
      if (now.credits + amount < 0 && !wallet.postpaid) {
        if (!input.owesTheRest) throw insufficientCredits(userId, now.credits, -amount);
        const held = Math.max(0, now.credits);
        const owedNow = -amount - held;
        memos[index] = input.owesTheRest(owedNow, held);
        now.owed += owedNow;
        entryRows.push({ posting: index, account: accountOf({ receivable: userId }), amount: -owedNow, balanceAfter: -now.owed });
        amount = -held;
        if (amount === 0) continue;
      }
      if (amount > 0) credited.add(userId);
      now.credits += amount;
      entryRows.push({ posting: index, account: wallet.id, amount, balanceAfter: now.credits });
    }
  });

  // The wallets, on the versions read under the lock: a mismatch would mean the lock did not hold; read again.
  const moved = [...wallets.values()];
  if (moved.length > 0) {
    await tx.execute(sql`select set_config('czo.ledger_posting', 'on', true)`);
    const updated = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update wallets w set credits = d.credits, owed = d.owed, version = w.version + 1, updated_at = now()
        from (select unnest(${sql.param(moved.map((w) => w.id))}::uuid[]) as id, unnest(${sql.param(moved.map((w) => running.get(w.user_id)!.credits))}::bigint[]) as credits,
                     unnest(${sql.param(moved.map((w) => running.get(w.user_id)!.owed))}::bigint[]) as owed, unnest(${sql.param(moved.map((w) => w.version))}::int[]) as version) d
        where w.id = d.id and w.version = d.version
        returning w.id`),
    );
    await tx.execute(sql`select set_config('czo.ledger_posting', 'off', true)`);
    if (updated.length !== moved.length) throw new RetryPosting();
  }

  // The postings and their entries: one statement each, whatever their number.
  const postingIds =
    todo.length === 0
      ? []
      : rowsOf<{ id: string | number }>(
          await tx.execute(sql`
            insert into ledger_postings (kind, memo, booking_id, reference, dedupe_key, actor_user_id)
            select kind, memo, booking_id, reference, dedupe_key, actor_user_id from unnest(${sql.param(todo.map((i) => i.kind))}::text[], ${sql.param(memos)}::text[], ${sql.param(todo.map((i) => i.bookingId ?? null))}::bigint[],
                                 ${sql.param(todo.map((i) => i.reference ?? null))}::text[], ${sql.param(todo.map((i) => i.dedupeKey ?? null))}::text[], ${sql.param(todo.map((i) => i.actorUserId ?? null))}::uuid[])
              with ordinality as t(kind, memo, booking_id, reference, dedupe_key, actor_user_id, n)
            order by n
            returning id`),
        ).map((r) => Number(r.id));
  if (postingIds.length !== todo.length) throw new Error('Not every posting was written.');
  if (entryRows.length > 0) {
    await tx.execute(sql`
      insert into ledger_entries (posting_id, account_id, amount, balance_after)
      select * from unnest(${sql.param(entryRows.map((e) => postingIds[e.posting]!))}::bigint[], ${sql.param(entryRows.map((e) => e.account))}::uuid[],
                           ${sql.param(entryRows.map((e) => e.amount))}::bigint[], ${sql.param(entryRows.map((e) => e.balanceAfter))}::bigint[])`);
  }

  let next = 0;
  const results = inputs.map((input): PostingResult => {
    if (input.dedupeKey && existing.has(input.dedupeKey)) return { postingId: existing.get(input.dedupeKey)!, replayed: true, walletBalances: new Map(), owedBalances: new Map() };
    const postingId = postingIds[next++]!;
    const walletBalances = new Map<string, number>();
    const owedBalances = new Map<string, number>();
    for (const leg of input.legs) {
      const userId = ownerOf(leg.account);
      if (userId === undefined) continue;
      if ('wallet' in leg.account) walletBalances.set(userId, running.get(userId)!.credits);
      owedBalances.set(userId, running.get(userId)!.owed);
    }
    return { postingId, replayed: false, walletBalances, owedBalances };
  });
  return { results, running, credited };
}

/** Paise as staff read them in memos and refusals, to the paisa: ₹58.00. */
export const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Settles what the owners of wallets just credited owe, from what their wallets now hold: oldest booking first, one
 * BOOKING_PAYMENT per booking (wallet −, receivable +, the booking's id on it), inside the caller's savepoint and under
 * the wallet locks taken by the posting. Answers the balances after, or undefined when nothing was owed.
 */
async function settleOwed(tx: Database, credited: ReadonlySet<string>, running: Running): Promise<Running | undefined> {
  const owing = [...credited].filter((u) => running.get(u)!.owed > 0 && running.get(u)!.credits > 0);
  if (owing.length === 0) return undefined;
  const debts = rowsOf<{ user_id: string; booking_id: string | number; owed: string | number }>(
    await tx.execute(sql`
      select a.user_id, p.booking_id, -sum(e.amount) as owed
      from ledger_accounts a join ledger_entries e on e.account_id = a.id join ledger_postings p on p.id = e.posting_id
      where a.kind = 'RECEIVABLE' and a.user_id = any(${sql.param(owing)}::uuid[])
      group by a.user_id, p.booking_id having sum(e.amount) < 0
      order by a.user_id, p.booking_id`),
  );
  const left = new Map(owing.map((u) => [u, running.get(u)!.credits]));
  const settlements: PostingInput[] = [];
  for (const debt of debts) {
    const available = left.get(debt.user_id)!;
    const amount = Math.min(Number(debt.owed), available);
    if (amount <= 0) continue;
    left.set(debt.user_id, available - amount);
    const bookingId = Number(debt.booking_id);
    settlements.push({
      kind: 'BOOKING_PAYMENT',
      memo: `${rupees(amount)} owed for booking ${bookingId}, paid from the wallet's credit`,
      bookingId,
      legs: [
        { account: { wallet: debt.user_id }, amount: -amount },
        { account: { receivable: debt.user_id }, amount },
      ],
    });
  }
  if (settlements.length === 0) return undefined;
  return (await writePostings(tx, settlements)).running;
}

function insufficientCredits(userId: string, balance: number, debit: number): HttpProblem {
  const detail = `The wallet holds ${rupees(balance)}; it cannot pay ${rupees(debit)}.`;
  return new HttpProblem({ type: insufficientCreditsType, status: 409, title: 'Conflict', detail, userId, balance, debit, errors: [{ path: 'amount', message: detail }] } as never);
}

/** A user's wallet balance in paise, as the sum of its entries (0 without a wallet). */
export async function walletBalance(db: Database, userId: string): Promise<number> {
  const [row] = rowsOf<{ n: string | number | null }>(
    await db.execute(sql`select coalesce(sum(e.amount), 0) as n from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = ${userId} and a.kind = 'WALLET'`),
  );
  return Number(row?.n ?? 0);
}

/** What a user owes in paise, as minus the sum of their receivable's entries (0 when nothing). */
export async function owedBalance(db: Database, userId: string): Promise<number> {
  const [row] = rowsOf<{ n: string | number | null }>(
    await db.execute(sql`select coalesce(-sum(e.amount), 0) as n from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = ${userId} and a.kind = 'RECEIVABLE'`),
  );
  return Number(row?.n ?? 0);
}
