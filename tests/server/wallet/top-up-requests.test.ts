// Top-up requests: the seed's requests (mostly decided, some waiting, every approved one credited once),
// approval crediting the wallet with one TOP_UP posting (wallet +amount, top-up clearing −amount, dedupe key
// top-up:<id>) and recording who decided, rejection with its reason and no money moved, refusals (permission, a
// decided request, a stale version, no reason) writing nothing, and two approvals at once crediting once.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@server/ledger/ledger-check';
import { walletBalance } from '@server/ledger/ledger';
import { rowsOf } from '@server/seed/seed-sql';
import { demoStaffUserId } from '@server/seed/seed-staff';
import { call } from '@tests/server/support/test-app';
import { testDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

type Row = Record<string, unknown>;
const API = '/pw-service/top-up';
const financeId = demoStaffUserId('9000000004');

describe.each(testDrivers)('top-up requests on %s', (driver) => {
  const env = useTestApp(driver);
  let finance: string;
  let support: string;
  let waiting: { id: number; userId: string; amount: number; version: number }[];

  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(query));
  const send = (id: number, body: Row, authKey = finance) => call(env.t, 'POST', `${API}/${id}/transition`, { authKey, body });
  const postingsOf = async (id: number) => (await q(sql`select count(*)::int as n from ledger_postings where dedupe_key = ${`top-up:${id}`}`))[0]!.n;

  beforeAll(async () => {
    finance = (await env.signInAs('9000000004')).authKey;
    support = (await env.signInAs('9000000005')).authKey;
    waiting = (await q(sql`select id, user_id, amount, version from top_up_requests where status = 'REQUESTED' order by id limit 4`)).map((r) => ({
      id: Number(r.id),
      userId: String(r.user_id),
      amount: Number(r.amount),
      version: Number(r.version),
    }));
    expect(waiting).toHaveLength(4);
  });

  it('seeds requests mostly decided, some waiting, each approved one credited once', async () => {
    const [counts] = await q(sql`
      select count(*) filter (where status = 'REQUESTED')::int as requested, count(*) filter (where status = 'APPROVED')::int as approved,
        count(*) filter (where status = 'REJECTED')::int as rejected,
        count(*) filter (where status = 'APPROVED' and (decided_by_id is null or decided_at is null))::int as undecided,
        (select count(*)::int from ledger_postings where kind = 'TOP_UP') as postings
      from top_up_requests`);
    expect(counts!.approved).toBeGreaterThan(counts!.requested as number);
    expect(counts!.requested).toBeGreaterThan(0);
    expect(counts!.undecided).toBe(0);
    expect(counts!.postings).toBe(counts!.approved);
    expect(await checkLedger(env.database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, prepaidBelowZero: 0 });
  });

  it('approval credits the wallet once, records who decided, and the wallet history shows the top-up', async () => {
    const r = waiting[0]!;
    const before = await walletBalance(env.database.db, r.userId);
    const res = await send(r.id, { type: 'APPROVE', version: r.version });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'APPROVED', decidedById: financeId, version: r.version + 1 });
    expect(res.body.decidedAt).toEqual(expect.any(String));
    expect(await walletBalance(env.database.db, r.userId)).toBe(before + r.amount);
    const legs = await q(sql`
      select a.kind, e.amount::bigint as amount, p.kind as posting, p.reference from ledger_postings p join ledger_entries e on e.posting_id = p.id
      join ledger_accounts a on a.id = e.account_id where p.dedupe_key = ${`top-up:${r.id}`} order by e.amount desc`);
    expect(legs.map((l) => [l.posting, l.kind, Number(l.amount), l.reference])).toEqual([
      ['TOP_UP', 'WALLET', r.amount, `top-up-requests:${r.id}`],
      ['TOP_UP', 'TOP_UP_CLEARING', -r.amount, `top-up-requests:${r.id}`],
    ]);
    const audit = await q(sql`select event, from_state, to_state, actor_user_id from audit_log where entity_type = 'top-up-requests' and entity_id = ${String(r.id)}`);
    expect(audit).toEqual([{ event: 'APPROVE', from_state: 'REQUESTED', to_state: 'APPROVED', actor_user_id: financeId }]);
    const history = await call(env.t, 'GET', `/pw-service/wallet-ledger?userId=${r.userId}&kind=TOP_UP&size=1`, { authKey: support });
    expect(history.body.items[0]).toMatchObject({ kind: 'TOP_UP', amount: r.amount, balanceAfter: before + r.amount, reference: `top-up-requests:${r.id}` });

    // Final: a second approval (fresh version) is refused and moves nothing.
    const again = await send(r.id, { type: 'APPROVE', version: r.version + 1 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ currentState: 'APPROVED', acceptedEvents: [] });
    expect(await postingsOf(r.id)).toBe(1);
    expect(await walletBalance(env.database.db, r.userId)).toBe(before + r.amount);
  });

  it('rejection needs a reason, keeps it, and moves no money', async () => {
    const r = waiting[1]!;
    const before = await walletBalance(env.database.db, r.userId);
    const noReason = await send(r.id, { type: 'REJECT', version: r.version });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.map((e: { path: string }) => e.path)).toContain('reason');
    const res = await send(r.id, { type: 'REJECT', reason: 'No payment with this UTR reached our account', version: r.version });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'REJECTED', reason: 'No payment with this UTR reached our account', decidedById: financeId });
    expect(await postingsOf(r.id)).toBe(0);
    expect(await walletBalance(env.database.db, r.userId)).toBe(before);
  });

  it('refuses without the permission or on a stale version, writing nothing', async () => {
    const r = waiting[2]!;
    const before = await walletBalance(env.database.db, r.userId);
    expect((await send(r.id, { type: 'APPROVE', version: r.version }, support)).status).toBe(403);
    expect((await send(r.id, { type: 'APPROVE', version: r.version + 5 })).status).toBe(409);
    expect((await call(env.t, 'PUT', `${API}/${r.id}`, { authKey: finance, body: { status: 'APPROVED' } })).status).toBeGreaterThanOrEqual(400);
    const [row] = await q(sql`select status, version, decided_by_id from top_up_requests where id = ${r.id}`);
    expect(row).toEqual({ status: 'REQUESTED', version: r.version, decided_by_id: null });
    expect(await postingsOf(r.id)).toBe(0);
    expect(await walletBalance(env.database.db, r.userId)).toBe(before);
  });

  it('two approvals at once credit the wallet once', async () => {
    const r = waiting[3]!;
    const before = await walletBalance(env.database.db, r.userId);
    const answers = await Promise.all([send(r.id, { type: 'APPROVE', version: r.version }), send(r.id, { type: 'APPROVE', version: r.version })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await postingsOf(r.id)).toBe(1);
    expect(await walletBalance(env.database.db, r.userId)).toBe(before + r.amount);
    expect(await checkLedger(env.database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, prepaidBelowZero: 0 });
  });
});
