// What a customer owes: a session the charger delivered that the prepaid wallet could not pay in full is paid with
// what the wallet holds, the rest owed on the customer's receivable (never in a memo alone); a correction down reduces
// what is owed before it gives anything back; the next credit to the wallet settles what is owed, oldest booking
// first, each settlement on its booking. Under random concurrent sessions, credits and corrections every charged
// booking's paid + owed is its amount, no correction gives back more than was paid, and the ledger check holds.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyChargerEvent } from '@server/bookings/booking-transition';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { checkLedger } from '@server/ledger/ledger-check';
import { owedBalance, post, walletBalance } from '@server/ledger/ledger';
import { call } from '@tests/server/support/test-app';
import { testDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

type Row = Record<string, unknown>;
const BOOKINGS = '/booking-service/admin/booking';
const ADD_CREDITS = '/user-service/add-credits-to-wallet';
/** The tariff of the sessions made here (paise per kWh): 3.5 kWh cost ₹63. */
const TARIFF = 1_800;

describe.each(testDrivers)('what a customer owes on %s', (driver) => {
  const env = useTestApp(driver);
  const q = async <T extends Row>(query: ReturnType<typeof sql>) => rowsOf<T>(await env.database.db.execute(query));
  let admin: string;
  let finance: string;
  let customers: { id: string; mobile: string }[];
  const made: number[] = [];
  let keys = 0;

  /** Sets a customer's wallet to exactly `paise` with a posting of its own (a test's starting point). */
  const setWallet = async (userId: string, paise: number) => {
    const diff = paise - (await walletBalance(env.database.db, userId));
    if (diff === 0) return;
    await env.database.db.transaction((tx) =>
      post(tx as unknown as Database, { kind: 'ADD_CREDITS', memo: 'Test starting balance', legs: [{ account: { wallet: userId }, amount: diff }, { account: { system: 'PROMOTIONS' }, amount: -diff }] }),
    );
  };
  /** A wallet session charging now (as the charger started it); the charger's COMPLETE ends it with `energyWh`. */
  const charging = async (userId: string): Promise<number> => {
    const [b] = await q<{ id: number }>(sql`
      insert into bookings (user_id, user_phone, status, started_at, energy_wh, amount, tariff_per_kwh, payment_mode, version)
      select u.id, u.mobile_number, 'CHARGING', now(), 0, 0, ${TARIFF}, 'WALLET', 1 from users u where u.id = ${userId} returning id::int as id`);
    made.push(b!.id);
    return b!.id;
  };
  const complete = (bookingId: number, energyWh: number) =>
    env.database.db.transaction((tx) => applyChargerEvent(tx as unknown as Database, bookingId, { type: 'COMPLETE' }, { energyWh, amountFromEnergy: true, endedAt: new Date().toISOString() }, 'Session stopped at the charger', new Date()));
  /** What the wallet paid and what is owed for a booking, from its ledger entries, and its amount. */
  const money = async (bookingId: number) => {
    const [m] = await q<{ paid: number; owed: number; amount: number }>(sql`
      select coalesce(-sum(e.amount) filter (where a.kind = 'WALLET'), 0)::int as paid, coalesce(-sum(e.amount) filter (where a.kind = 'RECEIVABLE'), 0)::int as owed,
             (select amount::int from bookings where id = ${bookingId}) as amount
      from ledger_postings p join ledger_entries e on e.posting_id = p.id join ledger_accounts a on a.id = e.account_id where p.booking_id = ${bookingId}`);
    return m!;
  };
  const correct = async (bookingId: number, amount: number) => {
    const record = (await call(env.t, 'GET', `${BOOKINGS}/${bookingId}`, { authKey: admin })).body;
    return call(env.t, 'POST', `${BOOKINGS}/${bookingId}/transition`, { authKey: admin, body: { type: 'CORRECT_UTILIZATION', amount, reason: 'Checked against the meter', version: record.version } });
  };
  const addCredits = (mobile: string, amount: number) =>
    call(env.t, 'POST', ADD_CREDITS, { authKey: finance, body: { rows: [{ mobileNumber: mobile, amount }], message: 'Goodwill credit' }, headers: { 'Idempotency-Key': `owed-${driver}-${++keys}` } });
  const ledgerHolds = async () =>
    expect(await checkLedger(env.database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, walletsWithoutAccount: 0, prepaidBelowZero: 0, owedOff: 0, owingWithCredits: 0 });

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    finance = (await env.signInAs('9000000004')).authKey;
    customers = (
      await q<{ id: string; mobile_number: string }>(sql`
        select u.id, u.mobile_number from users u join wallets w on w.user_id = u.id
        where u.is_active and not w.postpaid and not exists (select 1 from czo_users c where c.user_id = u.id)
          and not exists (select 1 from user_roles r where r.user_id = u.id)
          and not exists (select 1 from blocked_numbers b where b.mobile_number = u.mobile_number and b.blocked)
        order by u.mobile_number limit 6`)
    ).map((r) => ({ id: r.id, mobile: r.mobile_number }));
    expect(customers).toHaveLength(6);
  });

  it('a wallet with ₹5 charged ₹63 pays ₹5 and owes ₹58; corrections down reduce what is owed first, then give back only what was paid', async () => {
    const c = customers[0]!;
    await setWallet(c.id, 500);
    const id = await charging(c.id);
    expect(await complete(id, 3_500)).toBe('COMPLETED');
    expect(await money(id)).toEqual({ paid: 500, owed: 5_800, amount: 6_300 });
    expect(await walletBalance(env.database.db, c.id)).toBe(0);
    expect(await owedBalance(env.database.db, c.id)).toBe(5_800);
    const [payment] = await q<{ memo: string }>(sql`select memo from ledger_postings where booking_id = ${id} and kind = 'BOOKING_PAYMENT'`);
    expect(payment!.memo).toBe(`Charging session of booking ${id} (₹58.00 owed: the wallet held ₹5.00)`);
    // Staff see it on the wallet.
    const [wallet] = await q<{ id: string }>(sql`select id from wallets where user_id = ${c.id}`);
    expect((await call(env.t, 'GET', `/pw-service/admin/wallet/${wallet!.id}`, { authKey: admin })).body).toMatchObject({ credits: 0, owed: 5_800 });
    const timeline = await call(env.t, 'GET', `${BOOKINGS}/${id}/timeline`, { authKey: admin });
    expect(timeline.body.items.filter((i: { kind: string }) => i.kind === 'money')).toEqual([
      expect.objectContaining({ title: 'Booking payment', walletAmount: -500, owedAmount: 5_800, revenueAmount: 6_300 - 961, gstAmount: 961 }),
    ]);
    await ledgerHolds();

    // ₹63 → ₹53: ₹10 less owed, nothing back to the wallet (it paid ₹5 of a ₹53 session).
    expect((await correct(id, 5_300)).status).toBe(200);
    expect(await money(id)).toEqual({ paid: 500, owed: 4_800, amount: 5_300 });
    expect(await walletBalance(env.database.db, c.id)).toBe(0);
    // ₹53 → ₹3: the ₹48 owed goes, and ₹2 of the ₹5 paid comes back.
    expect((await correct(id, 300)).status).toBe(200);
    expect(await money(id)).toEqual({ paid: 300, owed: 0, amount: 300 });
    expect(await walletBalance(env.database.db, c.id)).toBe(200);
    expect(await owedBalance(env.database.db, c.id)).toBe(0);
    const corrections = await q<{ memo: string }>(sql`select memo from ledger_postings where booking_id = ${id} and kind = 'UTILIZATION_CORRECTION' order by id`);
    expect(corrections.map((p) => p.memo)).toEqual(['Utilization correction of booking ' + id + ': Checked against the meter (₹10.00 less owed)', 'Utilization correction of booking ' + id + ': Checked against the meter (₹48.00 less owed)']);
    // Up again keeps the rule of a wallet that must cover it: ₹2 held, ₹5 more refused.
    const up = await correct(id, 800);
    expect(up.status).toBe(409);
    expect(up.body.type).toBe('/problems/insufficient-credits');
    await ledgerHolds();
  });

  it('the next credits settle what is owed, oldest booking first, each settlement on its booking', async () => {
    const c = customers[1]!;
    await setWallet(c.id, 0);
    const first = await charging(c.id);
    const second = await charging(c.id);
    await complete(first, 1_000);
    await complete(second, 2_000);
    expect([await money(first), await money(second)]).toEqual([{ paid: 0, owed: 1_800, amount: 1_800 }, { paid: 0, owed: 3_600, amount: 3_600 }]);

    const credited = await addCredits(c.mobile, 3_000);
    expect(credited.status, JSON.stringify(credited.body)).toBe(201);
    expect(credited.body.wallets[0].balance).toBe(0);
    expect([await money(first), await money(second)]).toEqual([{ paid: 1_800, owed: 0, amount: 1_800 }, { paid: 1_200, owed: 2_400, amount: 3_600 }]);
    const settlements = await q<{ booking_id: number; memo: string }>(sql`
      select p.booking_id::int as booking_id, p.memo from ledger_postings p where p.booking_id in (${first}, ${second}) and p.kind = 'BOOKING_PAYMENT' and p.dedupe_key is null order by p.id`);
    expect(settlements).toEqual([
      { booking_id: first, memo: `₹18.00 owed for booking ${first}, paid from the wallet's credit` },
      { booking_id: second, memo: `₹12.00 owed for booking ${second}, paid from the wallet's credit` },
    ]);
    expect(await owedBalance(env.database.db, c.id)).toBe(2_400);

    const more = await addCredits(c.mobile, 5_000);
    expect(more.body.wallets[0].balance).toBe(2_600);
    expect(await money(second)).toEqual({ paid: 3_600, owed: 0, amount: 3_600 });
    expect(await owedBalance(env.database.db, c.id)).toBe(0);
    await ledgerHolds();
  });

  it('keeps paid + owed = amount for every charged booking, and no correction gives back more than was paid, under random concurrent load', async () => {
    const people = customers.slice(2, 6);
    const op = fc.record({
      person: fc.integer({ min: 0, max: people.length - 1 }),
      energyWh: fc.integer({ min: 100, max: 6_000 }),
      credit: fc.option(fc.integer({ min: 1, max: 9_000 }), { nil: undefined }),
      correctTo: fc.option(fc.integer({ min: 0, max: 12_000 }), { nil: undefined }),
    });
    let sessions = 0;
    // PGlite has one connection, so its rounds run one transaction after another; PostgreSQL's really interleave.
    const numRuns = driver === 'pglite' ? 3 : 8;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 10 }), fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 4, maxLength: 4 }), async (ops, start) => {
        for (const [i, p] of people.entries()) await setWallet(p.id, start[i]!);
        const completed = made.slice();
        const open = [];
        for (const o of ops) open.push({ o, id: await charging(people[o.person]!.id) });
        const outcomes = await Promise.allSettled([
          ...open.map(({ o, id }) => complete(id, o.energyWh)),
          ...ops.flatMap((o) => (o.credit === undefined ? [] : [addCredits(people[o.person]!.mobile, o.credit)])),
          ...ops.flatMap((o, i) => (o.correctTo === undefined || completed.length === 0 ? [] : [correct(completed[(i * 7) % completed.length]!, o.correctTo)])),
        ]);
        sessions += open.length;
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected') throw outcome.reason;
          const v = outcome.value as { status?: number; body?: { type?: string } } | string;
          // A correction may lose the race for the booking's version (409) or need more than the wallet holds (409).
          if (typeof v === 'object' && v.status !== undefined) expect([200, 201, 409], JSON.stringify(v.body)).toContain(v.status);
        }
        const rows = await q<{ id: number; paid: number; owed: number; amount: number }>(sql`
          select b.id::int as id, b.amount::int as amount,
                 coalesce(-sum(e.amount) filter (where a.kind = 'WALLET'), 0)::int as paid, coalesce(-sum(e.amount) filter (where a.kind = 'RECEIVABLE'), 0)::int as owed
          from bookings b left join ledger_postings p on p.booking_id = b.id left join ledger_entries e on e.posting_id = p.id left join ledger_accounts a on a.id = e.account_id
          where b.id = any(${sql.param(made)}::bigint[]) group by b.id`);
        expect(rows).toHaveLength(made.length);
        for (const r of rows) {
          expect(r.paid + r.owed, `booking ${r.id}`).toBe(r.amount);
          expect(r.paid, `booking ${r.id}`).toBeGreaterThanOrEqual(0);
          expect(r.owed, `booking ${r.id}`).toBeGreaterThanOrEqual(0);
        }
        // Each correction gave back at most what the wallet had paid for its booking before it.
        const overRefunds = await q(sql`
          select c.id from ledger_postings c join ledger_entries ce on ce.posting_id = c.id join ledger_accounts ca on ca.id = ce.account_id and ca.kind = 'WALLET'
          where c.kind = 'UTILIZATION_CORRECTION' and c.booking_id = any(${sql.param(made)}::bigint[]) and ce.amount > 0
            and ce.amount > (select coalesce(-sum(e.amount), 0) from ledger_postings p join ledger_entries e on e.posting_id = p.id join ledger_accounts a on a.id = e.account_id and a.kind = 'WALLET'
                             where p.booking_id = c.booking_id and p.id < c.id)`);
        expect(overRefunds).toEqual([]);
        await ledgerHolds();
      }),
      { numRuns, seed: 30 },
    );
    expect(sessions).toBeGreaterThanOrEqual(numRuns * 4);
  }, 120_000);
});
