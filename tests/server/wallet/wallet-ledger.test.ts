// A wallet's history: the wallet-ledger resource over the wallet_ledger view lists a wallet's entries
// newest first with each one's kind, note, signed amount and balance after, filters by kind and date, pages by keyset,
// needs ROLE_VIEW_WALLET_LEDGER, has no write routes, and the view itself refuses writes.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { walletEntryKinds } from '@domain/resources/wallets/wallet-ledger';
import { postingKinds } from '@server/ledger/ledger';
import { rowsOf } from '@server/seed/seed-sql';
import { call } from '@tests/server/support/test-app';
import { testDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

type Row = Record<string, unknown>;
const API = '/pw-service/wallet-ledger';

it('labels every kind of posting the ledger writes, in its order', () => {
  expect(walletEntryKinds.map((k) => k.value)).toEqual([...postingKinds]);
});

describe.each(testDrivers)('wallet ledger on %s', (driver) => {
  const env = useTestApp(driver);
  let support: string;
  let noRole: string;
  let wallet: { id: string; userId: string; entries: number };

  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(query));
  const get = (path: string, authKey = support) => call(env.t, 'GET', path, { authKey });

  beforeAll(async () => {
    support = (await env.signInAs('9000000005')).authKey;
    noRole = (await env.signInAs('9000000007')).authKey;
    // The wallet with the most entries (an opening balance and approved top-ups).
    const [row] = await q(sql`select account_id, count(*)::int as n from ledger_entries e join ledger_accounts a on a.id = e.account_id and a.kind = 'WALLET' group by account_id order by n desc, account_id limit 1`);
    const [owner] = await q(sql`select user_id from wallets where id = ${row!.account_id}`);
    wallet = { id: String(row!.account_id), userId: String(owner!.user_id), entries: Number(row!.n) };
    expect(wallet.entries).toBeGreaterThanOrEqual(2);
  });

  it('lists a wallet’s entries newest first, each balance after following from the one before', async () => {
    const res = await get(`${API}?walletId=${wallet.id}&size=50`);
    expect(res.status).toBe(200);
    const items = res.body.items as { createdAt: string; id: number; amount: number; balanceAfter: number; kind: string; memo: string; userId: string }[];
    expect(items).toHaveLength(wallet.entries);
    expect(items.every((e) => e.userId === wallet.userId && e.memo.length > 0)).toBe(true);
    for (let i = 0; i + 1 < items.length; i += 1) {
      const [newer, older] = [items[i]!, items[i + 1]!];
      expect(newer.createdAt >= older.createdAt).toBe(true);
      expect(newer.balanceAfter).toBe(older.balanceAfter + newer.amount);
    }
    const [balance] = await q(sql`select credits from wallets where id = ${wallet.id}`);
    expect(items[0]!.balanceAfter).toBe(Number(balance!.credits));
  });

  it('filters by kind and date, and pages by keyset', async () => {
    const topUps = await get(`${API}?walletId=${wallet.id}&kind=TOP_UP&size=50`);
    expect(topUps.body.items.length).toBeGreaterThan(0);
    expect(topUps.body.items.every((e: Row) => e.kind === 'TOP_UP' && Number(e.amount) > 0)).toBe(true);
    const future = await get(`${API}?walletId=${wallet.id}&createdAtFrom=2099-01-01&createdAtTo=2099-12-31`);
    expect(future.status, JSON.stringify(future.body)).toBe(200);
    expect(future.body.items).toEqual([]);
    const first = await get(`${API}?size=2`);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await get(`${API}?size=2&after=${encodeURIComponent(first.body.next as string)}`);
    expect(second.status).toBe(200);
    const ids = [...first.body.items, ...second.body.items].map((e: Row) => e.id);
    expect(new Set(ids).size).toBe(4);
  });

  it('needs ROLE_VIEW_WALLET_LEDGER, offers no writes, and the view refuses them', async () => {
    expect((await get(API, noRole)).status).toBe(403);
    expect((await call(env.t, 'POST', API, { authKey: support, body: { memo: 'x' } })).status).toBeGreaterThanOrEqual(400);
    const [entry] = await q(sql`select id from wallet_ledger limit 1`);
    await expect(env.database.db.execute(sql`update wallet_ledger set amount = 1 where id = ${entry!.id}`)).rejects.toThrow();
    await expect(env.database.db.execute(sql`delete from wallet_ledger where id = ${entry!.id}`)).rejects.toThrow();
  });
});
