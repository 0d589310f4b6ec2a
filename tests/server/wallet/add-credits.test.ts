// Add credits to wallet: the preview names each number's user and balance and each row's problem without
// writing; the commit credits every wallet in one posting per wallet with one audit row, all or nothing (400 with a
// path per row and nothing written), needs an Idempotency-Key, replays a retry and refuses the key with another body;
// permission checked, and the ledger's invariants hold afterwards. Nobody credits their own wallet or a staff
// account's; a batch above the approval limit waits as a credit request for another staff member; concurrent commits
// on the same wallets all go through.
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

  it('credits nobody’s own wallet nor a staff account’s: the preview names the row, the commit refuses it (400) and writes nothing', async () => {
    const before = await counts();
    const rows = [
      { mobileNumber: customers[7]!.mobile, amount: 100 },
      { mobileNumber: '9000000004', amount: 1_000_000 },
      { mobileNumber: '9000000005', amount: 100 },
    ];
    const preview = await call(env.t, 'POST', `${API}/preview`, { authKey: finance, body: { rows } });
    expect(preview.status).toBe(200);
    expect(preview.body.rows.map((r: { errors: { field: string; message: string }[] }) => r.errors)).toEqual([
      [],
      [{ field: 'mobileNumber', message: addCreditsMessages.ownWallet }],
      [{ field: 'mobileNumber', message: addCreditsMessages.staffWallet }],
    ]);
    const own = await commit({ rows: [rows[1]], message: 'Goodwill' });
    expect(own.status).toBe(400);
    expect(own.body.errors).toEqual([{ path: 'rows.0.mobileNumber', message: addCreditsMessages.ownWallet }]);
    const staff = await commit({ rows: [rows[0], rows[2]], message: 'Goodwill' });
    expect(staff.status).toBe(400);
    expect(staff.body.errors).toEqual([{ path: 'rows.1.mobileNumber', message: addCreditsMessages.staffWallet }]);
    expect(await counts()).toEqual(before);
  });

  it('holds a batch above the approval limit as a pending credit request; another staff member approves it and the wallets are credited once', async () => {
    const admin = (await env.signInAs('9000000001')).authKey;
    const [a, b] = [customers[5]!, customers[6]!];
    const wallets = async () => (await q(sql`select user_id, credits from wallets where user_id in (${a.id}, ${b.id})`)).map((r) => [String(r.user_id), Number(r.credits)]);
    const startCredits = new Map((await wallets()) as [string, number][]);
    const before = await counts();
    const body = { rows: [{ mobileNumber: a.mobile, amount: 300_000 }, { mobileNumber: b.mobile, amount: 250_000 }], message: 'Compensation for the outage' };
    const preview = await call(env.t, 'POST', `${API}/preview`, { authKey: finance, body });
    expect(preview.body).toMatchObject({ ok: true, total: 550_000, needsApproval: true, approvalAbove: 500_000 });
    const idem = key();
    const held = await commit(body, idem);
    expect(held.status, JSON.stringify(held.body)).toBe(202);
    expect(held.body).toMatchObject({ status: 'PENDING', count: 2, total: 550_000 });
    const requestId = Number(held.body.creditRequestId);
    // Nothing moved: no posting, the same balances; the request and its audit row are written.
    expect((await counts()).postings).toBe(before.postings);
    expect(new Map((await wallets()) as [string, number][])).toEqual(startCredits);
    const replay = await commit(body, idem);
    expect(replay.status).toBe(202);
    expect(replay.body.creditRequestId).toBe(requestId);
    const path = `/user-service/credit-requests/${requestId}`;
    const record = await call(env.t, 'GET', path, { authKey: admin });
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ status: 'PENDING', total: 550_000, count: 2, message: body.message, rows: [{ mobileNumber: a.mobile, userId: a.id, amount: 300_000 }, { mobileNumber: b.mobile, userId: b.id, amount: 250_000 }] });
    const made = await q(sql`select action, actor_user_id from audit_log where entity_type = 'credit-requests' and entity_id = ${String(requestId)}`);
    expect(made).toHaveLength(1);

    // The maker may not approve their own request; the customer support lead lacks the permission.
    const mine = await call(env.t, 'POST', `${path}/transition`, { authKey: finance, body: { type: 'APPROVE', version: record.body.version } });
    expect(mine.status).toBe(403);
    expect(mine.body.detail).toMatch(/another staff member/);
    expect((await call(env.t, 'POST', `${path}/transition`, { authKey: support, body: { type: 'APPROVE', version: record.body.version } })).status).toBe(403);
    expect((await counts()).postings).toBe(before.postings);

    const approved = await call(env.t, 'POST', `${path}/transition`, { authKey: admin, body: { type: 'APPROVE', version: record.body.version } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED', decidedAt: expect.any(String) });
    expect(new Map((await wallets()) as [string, number][])).toEqual(new Map([[a.id, startCredits.get(a.id)! + 300_000], [b.id, startCredits.get(b.id)! + 250_000]]));
    const postings = await q(sql`select kind, memo, dedupe_key, actor_user_id from ledger_postings where reference = ${`credit-requests:${requestId}`} order by dedupe_key`);
    expect(postings.map((p) => [p.kind, p.memo, p.dedupe_key])).toEqual(
      [a.id, b.id].sort().map((u) => ['ADD_CREDITS', body.message, `credit-request:${requestId}:${u}`]),
    );
    const again = await call(env.t, 'POST', `${path}/transition`, { authKey: admin, body: { type: 'APPROVE', version: approved.body.version } });
    expect(again.status).toBe(409);
    expect((await q(sql`select count(*)::int as n from ledger_postings where reference = ${`credit-requests:${requestId}`}`))[0]!.n).toBe(2);
    const audits = await q(sql`select action, event, actor_user_id from audit_log where entity_type = 'credit-requests' and entity_id = ${String(requestId)}`);
    expect(audits.map((r) => `${String(r.action)} ${String(r.event)}`).sort()).toEqual(['create null', 'transition APPROVE']);
    expect(new Set(audits.map((r) => r.actor_user_id)).size).toBe(2);
    expect(await checkLedger(env.database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, prepaidBelowZero: 0 });

    // A rejected request moves no money and keeps the reason.
    const other = await commit({ ...body, message: 'Second thoughts' });
    expect(other.status).toBe(202);
    const otherPath = `/user-service/credit-requests/${String(other.body.creditRequestId)}`;
    const otherRecord = await call(env.t, 'GET', otherPath, { authKey: admin });
    const rejected = await call(env.t, 'POST', `${otherPath}/transition`, { authKey: admin, body: { type: 'REJECT', reason: 'Already compensated', version: otherRecord.body.version } });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'REJECTED', reason: 'Already compensated' });
    expect((await q(sql`select count(*)::int as n from ledger_postings where reference = ${`credit-requests:${String(other.body.creditRequestId)}`}`))[0]!.n).toBe(0);
    const pending = await call(env.t, 'GET', '/user-service/credit-requests?status=PENDING', { authKey: admin });
    expect(pending.status).toBe(200);
  });

  it('answers 50 concurrent commits over the same wallets, each with its own key, all 201 and the balances exact', async () => {
    const six = customers.slice(0, 6);
    const start = new Map((await q(sql`select user_id, credits from wallets where user_id in ${sql.raw(`(${six.map((c) => `'${c.id}'`).join(', ')})`)}`)).map((r) => [String(r.user_id), Number(r.credits)]));
    const rotate = (i: number) => six.map((_, k) => six[(i + k) % six.length]!);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => commit({ rows: rotate(i).map((c, k) => ({ mobileNumber: c.mobile, amount: 100 + i + k })), message: `Concurrent goodwill ${i}` })),
    );
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    const expected = new Map(start);
    for (let i = 0; i < 50; i++) rotate(i).forEach((c, k) => expected.set(c.id, expected.get(c.id)! + 100 + i + k));
    const after = new Map((await q(sql`select user_id, credits from wallets where user_id in ${sql.raw(`(${six.map((c) => `'${c.id}'`).join(', ')})`)}`)).map((r) => [String(r.user_id), Number(r.credits)]));
    expect(after).toEqual(expected);
    expect(await checkLedger(env.database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, prepaidBelowZero: 0 });
  }, 60_000);
});
