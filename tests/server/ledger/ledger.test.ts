// The double-entry ledger: the seed's opening balances, immutable entries, balanced postings, wallets
// changed only by postings, refusal of a prepaid wallet going below zero, one effect per dedupe key, and a
// property-based run of random interleavings of credits, debits, refunds, top-ups and corrections sent concurrently,
// after which every invariant holds and each wallet's balance is its opening plus what was accepted.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { checkLedger } from '@server/ledger/ledger-check';
import { post, postMany, walletBalance, type PostingInput, type SystemAccount } from '@server/ledger/ledger';
import { HttpProblem } from '@server/http/problem';
import { call } from '@tests/server/support/test-app';
import { testDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

type Row = Record<string, unknown>;

const errorCode = async (work: Promise<unknown>): Promise<string | undefined> => {
  try {
    await work;
    return undefined;
  } catch (error) {
    const e = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
    return e.code ?? 'no code';
  }
};

const transfer = (userId: string, amount: number, other: SystemAccount, kind: PostingInput['kind'], dedupeKey?: string): PostingInput => ({
  kind,
  memo: `${kind} ${amount}`,
  dedupeKey,
  legs: [
    { account: { wallet: userId }, amount },
    { account: { system: other }, amount: -amount },
  ],
});

describe.each(testDrivers)('ledger on %s', (driver) => {
  const env = useTestApp(driver);
  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(query));
  let customers: string[];

  beforeAll(async () => {
    customers = (await q(sql`select user_id from wallets where not postpaid order by user_id limit 6`)).map((r) => String(r.user_id));
    expect(customers).toHaveLength(6);
  });

  it('opens every seeded wallet with its credits as an opening balance, and every invariant holds', async () => {
    const check = await checkLedger(env.database.db);
    expect(check.entries).toBeGreaterThan(customers.length);
    expect(check).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, walletsWithoutAccount: 0, prepaidBelowZero: 0 });
    const [opening] = await q(sql`select count(*)::int as n from ledger_postings where kind = 'OPENING_BALANCE'`);
    expect(opening!.n).toBeGreaterThan(0);
  });

  it('answers the invariants at GET /pw-service/wallet-ledger/check to staff who read the wallet ledger, and to nobody else', async () => {
    const admin = (await env.signInAs('9000000001')).authKey;
    const res = await call(env.t, 'GET', '/pw-service/wallet-ledger/check', { authKey: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ok: true, unbalancedPostings: 0, total: 0, walletsOff: 0, walletsWithoutAccount: 0, prepaidBelowZero: 0, owedOff: 0, owingWithCredits: 0 });
    expect(res.body.postings).toBeGreaterThan(0);
    const technician = (await env.signInAs('9000000003')).authKey;
    expect((await call(env.t, 'GET', '/pw-service/wallet-ledger/check', { authKey: technician })).status).toBe(403);
    expect((await call(env.t, 'GET', '/pw-service/wallet-ledger/check')).status).toBe(401);
  });

  it('refuses to change or remove history, an unbalanced posting, and a wallet balance set outside a posting', async () => {
    const db = env.database.db;
    expect(await errorCode(db.execute(sql`update ledger_entries set amount = amount + 1 where id = (select min(id) from ledger_entries)`))).toBe('23001');
    expect(await errorCode(db.execute(sql`delete from ledger_entries where id = (select min(id) from ledger_entries)`))).toBe('23001');
    expect(await errorCode(db.execute(sql`delete from ledger_postings where id = (select min(id) from ledger_postings)`))).toBe('23001');
    expect(await errorCode(db.execute(sql`truncate ledger_entries cascade`))).toBe('23001');
    expect(
      await errorCode(
        db.transaction(async (tx) => {
          const [p] = rowsOf<{ id: number }>(await tx.execute(sql`insert into ledger_postings (kind, memo) values ('ADD_CREDITS', 'lopsided') returning id`));
          await tx.execute(sql`insert into ledger_entries (posting_id, account_id, amount) select ${p!.id}, id, 500 from ledger_accounts where user_id = ${customers[0]!}`);
        }),
      ),
    ).toBe('23514');
    expect(await errorCode(db.execute(sql`update wallets set credits = credits + 100000 where user_id = ${customers[0]!}`))).toBe('23001');
    expect(await checkLedger(db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0 });
  });

  it('moves a wallet and its counter-account together, refuses a debit the wallet cannot cover and writes nothing then', async () => {
    const db = env.database.db;
    const user = customers[1]!;
    const before = await walletBalance(db, user);
    const credited = await db.transaction((tx) => post(tx as unknown as Database, transfer(user, 12_345, 'PROMOTIONS', 'ADD_CREDITS')));
    expect(credited.walletBalances.get(user)).toBe(before + 12_345);
    const entries = await q(sql`select a.kind, e.amount::bigint as amount, e.balance_after from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.posting_id = ${credited.postingId} order by a.kind`);
    expect(entries).toEqual([
      { kind: 'PROMOTIONS', amount: expect.anything(), balance_after: null },
      { kind: 'WALLET', amount: expect.anything(), balance_after: expect.anything() },
    ]);
    expect(entries.map((e) => Number(e.amount))).toEqual([-12_345, 12_345]);
    const postings = (await q(sql`select count(*)::int as n from ledger_postings`))[0]!.n;
    const refused = await db.transaction((tx) => post(tx as unknown as Database, transfer(user, -(before + 12_346), 'REVENUE', 'BOOKING_PAYMENT'))).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpProblem);
    expect((refused as HttpProblem).problem).toMatchObject({ status: 409, errors: [{ path: 'amount' }] });
    expect((await q(sql`select count(*)::int as n from ledger_postings`))[0]!.n).toBe(postings);
    expect(await walletBalance(db, user)).toBe(before + 12_345);
    const [w] = await q(sql`select credits::bigint as credits from wallets where user_id = ${user}`);
    expect(Number(w!.credits)).toBe(before + 12_345);
  });

  it('writes a posting once per dedupe key, also when the same key is sent twice at once', async () => {
    const db = env.database.db;
    const user = customers[2]!;
    const before = await walletBalance(db, user);
    const key = `test-top-up:${driver}:${Date.now()}`;
    const results = await Promise.allSettled([0, 1, 2].map(() => db.transaction((tx) => post(tx as unknown as Database, transfer(user, 5_000, 'TOP_UP_CLEARING', 'TOP_UP', key)))));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    expect((await q(sql`select count(*)::int as n from ledger_postings where dedupe_key = ${key}`))[0]!.n).toBe(1);
    expect(await walletBalance(db, user)).toBe(before + 5_000);
  });

  it('gives a user without a wallet one when it is credited', async () => {
    const db = env.database.db;
    const [u] = await q(sql`insert into users (mobile_number, name) values ('6999900001', 'Ledger Test') returning id`);
    const userId = String(u!.id);
    await db.transaction((tx) => post(tx as unknown as Database, transfer(userId, 700, 'PROMOTIONS', 'ADD_CREDITS')));
    expect(await walletBalance(db, userId)).toBe(700);
    expect(await checkLedger(db)).toMatchObject({ walletsOff: 0, walletsWithoutAccount: 0 });
  });

  it('keeps every invariant through random interleavings of concurrent credits, debits, refunds, top-ups and corrections', async () => {
    const db = env.database.db;
    const wallets = customers.slice(3, 6);
    const op = fc.record({
      wallet: fc.integer({ min: 0, max: wallets.length - 1 }),
      kind: fc.constantFrom('ADD_CREDITS', 'BOOKING_PAYMENT', 'CANCELLATION_REFUND', 'TOP_UP', 'UTILIZATION_CORRECTION'),
      amount: fc.integer({ min: 1, max: 50_000 }),
      sign: fc.boolean(),
      dedupe: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
    });
    let round = 0;
    let sent = 0;
    // PGlite has one connection: its "concurrent" transactions run one after another, so its rounds check the
    // invariants of serial postings. PostgreSQL's rounds really interleave: every round sends 15 to 32 transactions at
    // once on three wallets, and a posting that neither locks its wallets nor checks their version (a lost update)
    // failed the first round (walletsOff 3), so 20 rounds there too, not 60.
    const numRuns = 20;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 25, maxLength: 60 }), async (ops) => {
        round++;
        const start = new Map<string, number>();
        for (const w of wallets) start.set(w, await walletBalance(db, w));
        const counter: Record<string, SystemAccount> = { ADD_CREDITS: 'PROMOTIONS', BOOKING_PAYMENT: 'REVENUE', CANCELLATION_REFUND: 'REFUNDS', TOP_UP: 'TOP_UP_CLEARING', UTILIZATION_CORRECTION: 'CORRECTIONS' };
        const inputs = ops.map((o) => {
          const debit = o.kind === 'BOOKING_PAYMENT' || (o.kind === 'UTILIZATION_CORRECTION' && o.sign);
          const amount = debit ? -o.amount : o.amount;
          return transfer(wallets[o.wallet]!, amount, counter[o.kind]!, o.kind as PostingInput['kind'], o.dedupe === undefined ? undefined : `prop:${driver}:${round}:${o.dedupe}`);
        });
        sent += inputs.length;
        // Half one posting per transaction, all at once; a few batches of several postings in one transaction.
        const single = inputs.slice(0, Math.ceil(inputs.length / 2));
        const batched = inputs.slice(single.length);
        const outcomes = await Promise.allSettled([
          ...single.map((input) => db.transaction((tx) => post(tx as unknown as Database, input)).then((r) => [{ input, r }])),
          ...[0, 1].map((k) => {
            const batch = batched.filter((_, i) => i % 2 === k && true);
            const unique = batch.filter((b, i) => !b.dedupeKey || batch.findIndex((c) => c.dedupeKey === b.dedupeKey) === i);
            return unique.length === 0 ? Promise.resolve([]) : db.transaction((tx) => postMany(tx as unknown as Database, unique)).then((rs) => rs.map((r, i) => ({ input: unique[i]!, r })));
          }),
        ]);
        const expected = new Map(start);
        const keys = new Set<string>();
        for (const o of outcomes) {
          if (o.status === 'rejected') {
            const e = o.reason as { problem?: { status?: number }; cause?: { code?: string } };
            // A refusal is a 409 (credits not enough) or a duplicate key losing a race (23505); nothing else.
            expect(e.problem?.status === 409 || e.cause?.code === '23505', String(o.reason)).toBe(true);
            continue;
          }
          for (const { input, r } of o.value) {
            if (r.replayed) continue;
            if (input.dedupeKey) {
              expect(keys.has(input.dedupeKey)).toBe(false);
              keys.add(input.dedupeKey);
            }
            const leg = input.legs[0]!;
            const w = (leg.account as { wallet: string }).wallet;
            expect(r.walletBalances.get(w)).toBeGreaterThanOrEqual(0);
            expect(r.walletBalances.get(w)).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
            expect(r.walletBalances.size).toBe(1);
            expected.set(w, expected.get(w)! + leg.amount);
          }
        }
        for (const w of wallets) expect(await walletBalance(db, w)).toBe(expected.get(w));
        const check = await checkLedger(db);
        expect(check).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, walletsWithoutAccount: 0, prepaidBelowZero: 0 });
        const dupes = await q(sql`select dedupe_key from ledger_postings where dedupe_key like ${`prop:${driver}:${round}:%`} group by dedupe_key having count(*) > 1`);
        expect(dupes).toEqual([]);
      }),
      { numRuns, seed: 14 },
    );
    expect(sent).toBeGreaterThanOrEqual(numRuns * 25);
  }, 120_000);
});
