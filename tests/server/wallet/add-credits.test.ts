// Add credits to wallet (issue 14): the preview names each number's user and balance and each row's problem without
// writing; the commit credits every wallet in one posting per wallet with one audit row, all or nothing (400 with a
// path per row and nothing written), needs an Idempotency-Key, replays a retry and refuses the key with another body;
// permission checked, and the ledger's invariants hold afterwards.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADD_CREDITS_MAX_PER_NUMBER_PAISE, ADD_CREDITS_MAX_ROWS, addCreditsMessages } from '@domain/add-credits';
import { checkLedger } from '@server/ledger/ledger-check';
import { rowsOf } from '@server/seed/seed-sql';
import { call } from '@tests/server/support/test-app';
import { testDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

type Row = Record<string, unknown>;
const API = '/user-service/add-credits-to-wallet';

describe.each(testDrivers)('add credits to wallet on %s', (driver) => {
  const env = useTestApp(driver);
  let finance: string;
  let support: string;
  let customers: { id: string; mobile: string; credits: number }[];
  let keyCount = 0;
  const key = () => `test-add-credits-${driver}-${++keyCount}-${Date.now()}`;

  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(query));
  const counts = async () =>
    (await q(sql`select (select count(*) from ledger_postings)::int as postings, (select count(*) from audit_log where entity_type = 'add-credits-to-wallet')::int as audits, (select sum(credits)::bigint from wallets) as credits`))[0]!;
  const commit = (body: Row, idempotencyKey: string | null = key(), authKey = finance) =>
    call(env.t, 'POST', API, { authKey, body, headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {} });

  beforeAll(async () => {
    finance = (await env.signInAs('9000000004')).authKey;
    support = (await env.signInAs('9000000005')).authKey;
    customers = (
      await q(sql`
        select u.id, u.mobile_number, w.credits from users u join wallets w on w.user_id = u.id
        where u.is_active and not w.postpaid and not exists (select 1 from czo_users c where c.user_id = u.id)
          and not exists (select 1 from blocked_numbers b where b.mobile_number = u.mobile_number and b.blocked)
        order by u.mobile_number limit 8`)
    ).map((r) => ({ id: String(r.id), mobile: String(r.mobile_number), credits: Number(r.credits) }));
    expect(customers).toHaveLength(8);
  });

  it('previews each row: who it is, the balance, and what is wrong, writing nothing', async () => {
    const before = await counts();
    const [a, b] = customers;
    const res = await call(env.t, 'POST', `${API}/preview`, {
      authKey: finance,
      body: {
        rows: [
          { mobileNumber: `+91 ${a!.mobile.slice(0, 5)} ${a!.mobile.slice(5)}`, amount: 50_000 },
          { mobileNumber: `0${b!.mobile}`, amount: 25_050 },
          { mobileNumber: '12345', amount: 100 },
          { mobileNumber: '6999999999', amount: 100 },
          { mobileNumber: a!.mobile, amount: 100 },
          { mobileNumber: '9988776655', amount: 100 },
          { mobileNumber: customers[2]!.mobile, amount: 0 },
          { mobileNumber: customers[3]!.mobile, amount: 10.5 },
          { mobileNumber: customers[4]!.mobile, amount: ADD_CREDITS_MAX_PER_NUMBER_PAISE + 1 },
        ],
      },
    });
    expect(res.status).toBe(200);
    const rows = res.body.rows as { mobileNumber: string | null; userId: string | null; balance: number | null; errors: { field: string; message: string }[] }[];
    expect(rows[0]).toMatchObject({ mobileNumber: a!.mobile, userId: a!.id, balance: a!.credits, errors: [] });
    expect(rows[1]).toMatchObject({ mobileNumber: b!.mobile, userId: b!.id, errors: [] });
    expect(rows.slice(2).map((r) => r.errors.map((e) => `${e.field}: ${e.message}`))).toEqual([
      [`mobileNumber: ${addCreditsMessages.invalidNumber}`],
      [`mobileNumber: ${addCreditsMessages.unknownNumber}`],
      [`mobileNumber: ${addCreditsMessages.duplicate(1)}`],
      [`mobileNumber: ${addCreditsMessages.blocked}`],
      [`amount: ${addCreditsMessages.amountNotPositive}`],
      [`amount: ${addCreditsMessages.amountNotWhole}`],
      [`amount: ${addCreditsMessages.amountOverLimit}`],
    ]);
    expect(res.body).toMatchObject({ ok: false, errorCount: 7, count: 2, total: 75_050 });
    expect(await counts()).toEqual(before);
  });

  it('credits every wallet: one ADD_CREDITS posting each, one audit row, new balances; a retry replays', async () => {
    const [, , , , , c, d] = customers;
    const before = await counts();
    const idem = key();
    const body = { rows: [{ mobileNumber: c!.mobile, amount: 100_000 }, { mobileNumber: `+91${d!.mobile}`, amount: 2_500 }], message: 'Diwali goodwill credit' };
    const res = await commit(body, idem);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ count: 2, total: 102_500 });
    expect(res.body.wallets).toEqual([
      expect.objectContaining({ userId: c!.id, mobileNumber: c!.mobile, amount: 100_000, balance: c!.credits + 100_000 }),
      expect.objectContaining({ userId: d!.id, mobileNumber: d!.mobile, amount: 2_500, balance: d!.credits + 2_500 }),
    ]);
    const batch = String(res.body.batchId);
    const postings = await q(sql`
      select p.kind, p.memo, p.actor_user_id, a.kind as account, a.user_id, e.amount::bigint as amount from ledger_postings p
      join ledger_entries e on e.posting_id = p.id join ledger_accounts a on a.id = e.account_id
      where p.reference = ${`add-credits:${batch}`} order by e.amount desc`);
    expect(postings.map((p) => [p.kind, p.memo, p.account, Number(p.amount)])).toEqual([
      ['ADD_CREDITS', 'Diwali goodwill credit', 'WALLET', 100_000],
      ['ADD_CREDITS', 'Diwali goodwill credit', 'WALLET', 2_500],
      ['ADD_CREDITS', 'Diwali goodwill credit', 'PROMOTIONS', -2_500],
      ['ADD_CREDITS', 'Diwali goodwill credit', 'PROMOTIONS', -100_000],
    ]);
    const audit = await q(sql`select action, reason, changes from audit_log where entity_type = 'add-credits-to-wallet' and entity_id = ${batch}`);
    expect(audit).toEqual([expect.objectContaining({ action: 'add-credits', reason: 'Diwali goodwill credit', changes: expect.objectContaining({ count: 2, total: 102_500 }) })]);
    const after = await counts();
    expect(after.postings).toBe(Number(before.postings) + 2);
    expect(after.audits).toBe(Number(before.audits) + 1);

    const again = await commit(body, idem);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body.batchId).toBe(batch);
    expect(await counts()).toEqual(after);

    const other = await commit({ ...body, message: 'Another reason' }, idem);
    expect(other.status).toBe(422);
    expect(await counts()).toEqual(after);

    // The wallet's history answers the entry through the wallet-ledger resource.
    const history = await call(env.t, 'GET', `/pw-service/wallet-ledger?userId=${c!.id}&kind=ADD_CREDITS&size=5`, { authKey: support });
    expect(history.status).toBe(200);
    expect(history.body.items[0]).toMatchObject({ userId: c!.id, kind: 'ADD_CREDITS', memo: 'Diwali goodwill credit', amount: 100_000, balanceAfter: c!.credits + 100_000 });
    expect(await checkLedger(env.database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, prepaidBelowZero: 0 });
  });

  it('refuses bad input with a path per row and writes nothing', async () => {
    const before = await counts();
    const [e] = customers;
    const cases: [Row, string][] = [
      [{ rows: [{ mobileNumber: e!.mobile, amount: 100 }, { mobileNumber: '6999999999', amount: 100 }], message: 'Goodwill' }, 'rows.1.mobileNumber'],
      [{ rows: [{ mobileNumber: e!.mobile, amount: 100 }, { mobileNumber: '12', amount: 100 }], message: 'Goodwill' }, 'rows.1.mobileNumber'],
      [{ rows: [{ mobileNumber: e!.mobile, amount: 100 }, { mobileNumber: e!.mobile, amount: 100 }], message: 'Goodwill' }, 'rows.1.mobileNumber'],
      [{ rows: [{ mobileNumber: e!.mobile, amount: -500 }], message: 'Goodwill' }, 'rows.0.amount'],
      [{ rows: [{ mobileNumber: e!.mobile, amount: 12.5 }], message: 'Goodwill' }, 'rows.0.amount'],
      [{ rows: [{ mobileNumber: e!.mobile, amount: 0 }], message: 'Goodwill' }, 'rows.0.amount'],
      [{ rows: [{ mobileNumber: e!.mobile, amount: ADD_CREDITS_MAX_PER_NUMBER_PAISE + 100 }], message: 'Goodwill' }, 'rows.0.amount'],
      [{ rows: [{ mobileNumber: e!.mobile, amount: 100 }], message: '' }, 'message'],
      [{ rows: Array.from({ length: ADD_CREDITS_MAX_ROWS + 1 }, (_, i) => ({ mobileNumber: `6${String(i).padStart(9, '0')}`, amount: 100 })), message: 'Goodwill' }, 'rows'],
      [{ rows: [], message: 'Goodwill' }, 'rows'],
    ];
    for (const [body, path] of cases) {
      const res = await commit(body);
      expect(res.status, path).toBe(400);
      expect((res.body.errors as { path: string }[]).map((x) => x.path)).toContain(path);
    }
    const noKey = await commit({ rows: [{ mobileNumber: e!.mobile, amount: 100 }], message: 'Goodwill' }, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.errors[0].path).toBe('Idempotency-Key');
    expect(await counts()).toEqual(before);
  });

  it('needs ROLE_ADD_CREDITS for the preview and the commit', async () => {
    const body = { rows: [{ mobileNumber: customers[7]!.mobile, amount: 100 }], message: 'Goodwill' };
    expect((await call(env.t, 'POST', `${API}/preview`, { authKey: support, body })).status).toBe(403);
    expect((await commit(body, key(), support)).status).toBe(403);
  });
});
