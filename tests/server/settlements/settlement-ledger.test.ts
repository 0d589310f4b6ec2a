// Settlements and payouts on the ledger: a settlement's success posts its net payable from charging revenue to what
// is owed to hosts (once, however often success is sent), and a paid payout clears it against the bank.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@server/ledger/ledger-check';
import { rowsOf } from '@server/db/rows';
import { testDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp, type SharedTestApp } from '@tests/server/support/use-test-app';

type Row = Record<string, unknown>;
const query = async (env: SharedTestApp, q: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(q));

/** The legs of the postings under a dedupe key, by account kind. */
async function legsOf(env: SharedTestApp, dedupeKey: string) {
  const rows = await query(
    env,
    sql`select p.id, p.kind, p.reference, a.kind as account, e.amount from ledger_postings p join ledger_entries e on e.posting_id = p.id
        join ledger_accounts a on a.id = e.account_id where p.dedupe_key = ${dedupeKey} order by a.kind`,
  );
  return { postings: new Set(rows.map((r) => Number(r.id))).size, kind: rows[0]?.kind, reference: rows[0]?.reference, legs: rows.map((r) => [r.account, Number(r.amount)]) };
}

describe.each(testDrivers)('settlements and payouts on the ledger (%s)', (driver) => {
  const env = useTestApp(driver);
  let finance: string;

  beforeAll(async () => {
    finance = (await env.signInAs('9000000004')).authKey;
  });

  const transition = (path: string, id: unknown, body: Row) => call(env.t, 'POST', `/pw-service/${path}/${String(id)}/transition`, { authKey: finance, body });

  it('posts a successful settlement once (success sent twice at once), REVENUE −net and HOST_PAYABLE +net', async () => {
    const [pick] = await query(
      env,
      sql`select c.host_id, array_agg(b.id order by b.id) as ids from bookings b join chargers c on c.id = b.charger_id
          where b.status = 'COMPLETED' and b.amount > 0 and c.host_id is not null and not exists (select 1 from settlement_bookings s where s.booking_id = b.id)
          group by c.host_id order by count(*) desc limit 1`,
    );
    const bookingIds = (pick!.ids as (number | string)[]).slice(-2).map(Number);
    const created = await call(env.t, 'POST', '/pw-service/settlement', { authKey: finance, body: { hostId: pick!.host_id, periodFrom: '2026-01-01', periodTo: '2026-01-15', bookingIds } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    let s = created.body;
    for (const event of [{ type: 'SUBMIT' }, { type: 'NOTIFY' }]) {
      const moved = await transition('settlement', s.id, { ...event, version: s.version });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      s = moved.body;
    }
    expect((await legsOf(env, `settlement:${s.id}`)).postings).toBe(0);
    const success = { type: 'MARK_SUCCESS', utrReference: 'UTIBN00000004242', version: s.version };
    const answers = await Promise.all([transition('settlement', s.id, success), transition('settlement', s.id, success)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const net = Number(s.netPayable);
    expect(net).toBeGreaterThan(0);
    expect(await legsOf(env, `settlement:${s.id}`)).toEqual({
      postings: 1,
      kind: 'SETTLEMENT',
      reference: `settlements:${s.id}`,
      legs: [
        ['HOST_PAYABLE', net],
        ['REVENUE', -net],
      ],
    });
    expect(await checkLedger(env.database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, prepaidBelowZero: 0 });
  });

  it('clears HOST_PAYABLE against the bank when a payout is paid (once), and posts nothing on a failure', async () => {
    const [host] = await query(env, sql`select beneficiary_id from payouts limit 1`);
    const created = await call(env.t, 'POST', '/pw-service/payout', { authKey: finance, body: { beneficiaryId: host!.beneficiary_id, amount: 250_000, mode: 'NEFT', scheduledDate: '2026-03-05' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    let p = (await transition('payout', created.body.id, { type: 'START_PROCESSING', version: created.body.version })).body;
    p = (await transition('payout', p.id, { type: 'MARK_FAILED', reason: 'Beneficiary account closed', version: p.version })).body;
    expect((await legsOf(env, `payout:${p.id}`)).postings).toBe(0);
    p = (await transition('payout', p.id, { type: 'RETRY', version: p.version })).body;
    p = (await transition('payout', p.id, { type: 'START_PROCESSING', version: p.version })).body;
    const paid = { type: 'MARK_PAID', reference: 'UTIBN00000009999', version: p.version };
    const answers = await Promise.all([transition('payout', p.id, paid), transition('payout', p.id, paid)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await legsOf(env, `payout:${p.id}`)).toEqual({
      postings: 1,
      kind: 'PAYOUT',
      reference: `payouts:${p.id}`,
      legs: [
        ['HOST_PAYABLE', -250_000],
        ['PAYOUT_CLEARING', 250_000],
      ],
    });
    expect(await checkLedger(env.database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, prepaidBelowZero: 0 });
  });
});
