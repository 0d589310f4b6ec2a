import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { settlementAmountsOf } from '@domain/settlement-amounts';
import { settlementWorkflow } from '@machines/settlement.workflow';
import { ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp, type SharedTestApp } from '@tests/server/support/use-test-app';
import { checkConcurrentConflicts, checkEveryRefusal, sendEvent, type WorkflowFixture, RACE_ROUNDS } from './workflow-contract';
import { rowsOf } from '@server/seed/seed-sql';

const API = '/pw-service/settlement';
type Row = Record<string, unknown>;
const query = async (env: SharedTestApp, q: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(q));
const count = async (env: SharedTestApp, q: ReturnType<typeof sql>) => Number((await query(env, q))[0]!.n);

/** Completed, unsettled bookings charged at hosts' chargers, per host (most first); handed out once each. */
async function bookingPool(env: SharedTestApp) {
  const rows = await query(
    env,
    sql`select b.id, b.amount, c.host_id from bookings b join chargers c on c.id = b.charger_id
        where b.status = 'COMPLETED' and c.host_id is not null and not exists (select 1 from settlement_bookings s where s.booking_id = b.id)
        order by b.id`,
  );
  const byHost = new Map<string, { id: number; amount: number }[]>();
  for (const r of rows) byHost.set(String(r.host_id), [...(byHost.get(String(r.host_id)) ?? []), { id: Number(r.id), amount: Number(r.amount) }]);
  const hosts = [...byHost.entries()].sort((a, b) => b[1].length - a[1].length);
  return {
    hosts: hosts.map(([hostId]) => hostId),
    /** n unused bookings of the host with the most left (or of `hostId`). */
    take(n: number, hostId?: string): { hostId: string; bookings: { id: number; amount: number }[] } {
      const [host, list] = hostId ? [hostId, byHost.get(hostId)!] : [...byHost.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
      if (list.length < n) throw new Error(`only ${list.length} bookings left for ${host}`);
      return { hostId: host, bookings: list.splice(0, n) };
    },
  };
}

describe.each(ruleDrivers)('settlement workflow on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let finance: string;
  let pool: Awaited<ReturnType<typeof bookingPool>>;
  let hostId: string;

  const createDraft = async (authKey: string, body: Row = {}, headers: Record<string, string> = {}) =>
    call(env.t, 'POST', API, { authKey, headers, body: { hostId, periodFrom: '2025-12-01', periodTo: '2025-12-15', ...body } });
  const fixture: WorkflowFixture = {
    workflow: settlementWorkflow,
    samples: { SETTLE_BOOKING: { bookingId: 1 }, SUBMIT: {}, NOTIFY: {}, MARK_SUCCESS: { utrReference: 'UTIBN00000000001' }, SETTLE_IMMEDIATELY: { utrReference: 'UTIBN00000000002' }, REJECT: { reason: 'Bank account does not match KYC' } },
    create: async (_env, authKey) => {
      const res = await createDraft(authKey);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    },
    variants: [
      { name: 'empty', apply: async () => {} },
      { name: 'holding a booking', apply: async (e, id) => void (await e.database.db.execute(sql`update settlements set bookings_count = 1 where id = ${id}`)) },
    ],
  };

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    finance = (await env.signInAs('9000000004')).authKey;
    pool = await bookingPool(env);
    hostId = pool.hosts[0]!;
  });

  it('creates a draft with bookings (amounts from them), then submit → notify (host SMS queued) → success with the UTR', async () => {
    const { hostId: host, bookings } = pool.take(3);
    const res = await createDraft(finance, { hostId: host, bookingIds: bookings.map((b) => b.id) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const gross = bookings.reduce((s, b) => s + b.amount, 0);
    const amounts = bookings.map((b) => settlementAmountsOf(b.amount));
    expect(res.body).toMatchObject({
      status: 'DRAFT',
      bookingsCount: 3,
      grossAmount: gross,
      commission: amounts.reduce((s, a) => s + a.commission, 0),
      gst: amounts.reduce((s, a) => s + a.gst, 0),
      netPayable: amounts.reduce((s, a) => s + a.netPayable, 0),
    });
    const rows = await call(env.t, 'GET', `/pw-service/settlement-booking?settlementId=${res.body.id}&size=100`, { authKey: finance });
    expect(rows.body.items.map((r: Row) => r.bookingId).sort()).toEqual(bookings.map((b) => b.id).sort());

    let settlement = res.body;
    const smsBefore = await count(env, sql`select count(*)::int as n from sms_notification_logs where template = 'SETTLEMENT_NOTIFIED'`);
    for (const [type, state] of [
      ['SUBMIT', 'PENDING_APPROVAL'],
      ['NOTIFY', 'NOTIFIED'],
      ['MARK_SUCCESS', 'SUCCESS'],
    ] as const) {
      const moved = await sendEvent(env, fixture, finance, settlement.id, type, settlement.version);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      settlement = moved.body;
      expect(settlement.status).toBe(state);
    }
    expect(settlement).toMatchObject({ utrReference: 'UTIBN00000000001' });
    expect(settlement.settledAt).toBe(env.t.clock.now().toISOString());
    expect(await count(env, sql`select count(*)::int as n from sms_notification_logs where template = 'SETTLEMENT_NOTIFIED'`)).toBe(smsBefore + 1);
    const audit = await query(env, sql`select action, event, to_state from audit_log where entity_type = 'settlements' and entity_id = ${String(settlement.id)} order by seq`);
    expect(audit.map((a) => a.event ?? a.action)).toEqual(['create', 'SUBMIT', 'NOTIFY', 'MARK_SUCCESS']);
  });

  it('settles one booking at a time (totals grow in the same transaction), and a booking only once', async () => {
    const { bookings } = pool.take(2, hostId);
    const draft = (await createDraft(admin)).body;
    expect(draft).toMatchObject({ status: 'DRAFT', bookingsCount: 0, grossAmount: 0 });
    const empty = await sendEvent(env, fixture, admin, draft.id, 'SUBMIT', draft.version);
    expect(empty.status).toBe(409);
    expect(empty.body.detail).toBe('Settle at least one booking before submitting.');

    const first = await sendEvent(env, fixture, admin, draft.id, 'SETTLE_BOOKING', draft.version, { bookingId: bookings[0]!.id });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'DRAFT', bookingsCount: 1, version: draft.version + 1, ...settlementAmountsOf(bookings[0]!.amount) });

    const other = (await createDraft(admin)).body;
    const again = await sendEvent(env, fixture, admin, other.id, 'SETTLE_BOOKING', other.version, { bookingId: bookings[0]!.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ bookingId: bookings[0]!.id, settlementId: draft.id, detail: `Booking ${bookings[0]!.id} is already settled in settlement ${draft.id}.` });
    expect(again.body.errors).toEqual([{ path: 'bookingId', message: again.body.detail }]);
    const untouched = (await call(env.t, 'GET', `${API}/${other.id}`, { authKey: admin })).body;
    expect(untouched).toMatchObject({ version: other.version, bookingsCount: 0 });

    const unknown = await sendEvent(env, fixture, admin, other.id, 'SETTLE_BOOKING', other.version, { bookingId: 999_999_999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]).toEqual({ path: 'bookingId', message: 'No booking has the number 999999999.' });
    const foreign = pool.take(1, pool.hosts[1]!).bookings[0]!;
    const otherHost = await sendEvent(env, fixture, admin, other.id, 'SETTLE_BOOKING', other.version, { bookingId: foreign.id });
    expect(otherHost.status).toBe(422);
    expect(otherHost.body.detail).toBe(`Booking ${foreign.id} was charged at another host's charger.`);
    expect(await count(env, sql`select count(*)::int as n from audit_log where entity_type = 'settlements' and entity_id = ${String(other.id)} and action = 'transition'`)).toBe(0);
  });

  it('lets exactly one of several concurrent settlements take the same booking (the others 409)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const booking = pool.take(1, hostId).bookings[0]!;
      const drafts = await Promise.all(Array.from({ length: 6 }, async () => (await createDraft(admin)).body));
      const results = await Promise.all(drafts.map((d) => sendEvent(env, fixture, admin, d.id, 'SETTLE_BOOKING', d.version, { bookingId: booking.id })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const winner = drafts[results.findIndex((r) => r.status === 200)]!;
      for (const r of results.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ bookingId: booking.id, settlementId: winner.id });
      expect(await count(env, sql`select count(*)::int as n from settlement_bookings where booking_id = ${booking.id}`)).toBe(1);
      const ids = drafts.map((d) => String(d.id));
      expect(await count(env, sql`select count(*)::int as n from audit_log where entity_type = 'settlements' and action = 'transition' and entity_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`)).toBe(1);
    }
  });

  it('replays a transition sent again with the same Idempotency-Key: one effect, one audit row', async () => {
    const booking = pool.take(1, hostId).bookings[0]!;
    const draft = (await createDraft(admin)).body;
    const headers = { 'Idempotency-Key': `settle-${draft.id}-once` };
    const body = { type: 'SETTLE_BOOKING', version: draft.version, bookingId: booking.id };
    const send = () => call(env.t, 'POST', `${API}/${draft.id}/transition`, { authKey: admin, headers, body });
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send();
    for (const res of [a, b, c]) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual(a.body);
    }
    expect([a, b, c].filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    expect(await count(env, sql`select count(*)::int as n from settlement_bookings where booking_id = ${booking.id}`)).toBe(1);
    expect(await count(env, sql`select count(*)::int as n from audit_log where entity_type = 'settlements' and entity_id = ${String(draft.id)} and action = 'transition'`)).toBe(1);
    const reused = await call(env.t, 'POST', `${API}/${draft.id}/transition`, { authKey: admin, headers, body: { ...body, bookingId: booking.id + 1 } });
    expect(reused.status).toBe(422);
    expect(reused.body.type).toBe('/problems/idempotency-key-reused');
    // Another user's key of the same name is their own.
    const mine = await call(env.t, 'POST', `${API}/${draft.id}/transition`, { authKey: finance, headers, body: { type: 'REJECT', version: a.body.version, reason: 'Duplicate draft' } });
    expect(mine.status).toBe(200);
  });

  it('creates once for a create retried with the same Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': 'create-draft-key-0001' };
    const before = await count(env, sql`select count(*)::int as n from settlements`);
    const [a, b] = await Promise.all([createDraft(admin, {}, headers), createDraft(admin, {}, headers)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).toBe(a.body.id);
    expect(await count(env, sql`select count(*)::int as n from settlements`)).toBe(before + 1);
    expect((await createDraft(admin, { periodTo: '2025-12-31' }, headers)).status).toBe(422);
    expect((await createDraft(admin, {}, { 'Idempotency-Key': 'short' })).status).toBe(400);
  });

  it('previews a CSV row by row without writing, refuses to commit it with problems, and commits a clean one per host', async () => {
    const a = pool.take(2, pool.hosts[2]!);
    const b = pool.take(1, pool.hosts[3]!);
    const settled = (await query(env, sql`select booking_id from settlement_bookings limit 1`))[0]!.booking_id;
    const notCompleted = (await query(env, sql`select id from bookings where status <> 'COMPLETED' limit 1`))[0]!.id;
    const csv = [
      'booking_id,amount_inr',
      `${a.bookings[0]!.id},${(a.bookings[0]!.amount / 100).toFixed(2)}`,
      `${a.bookings[1]!.id},`,
      `${b.bookings[0]!.id},1.23`,
      `${a.bookings[0]!.id},`,
      '999999999,120.50',
      `${String(settled)},`,
      `${String(notCompleted)},`,
      'x12,',
    ].join('\r\n');
    const counts = async () => [await count(env, sql`select count(*)::int as n from settlements`), await count(env, sql`select count(*)::int as n from settlement_bookings`)];
    const before = await counts();
    const preview = await call(env.t, 'POST', `${API}/upload/preview`, { authKey: finance, body: { csv } });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.ok).toBe(false);
    expect(preview.body.errorCount).toBe(6);
    const problems = Object.fromEntries(preview.body.rows.map((r: Row & { errors: { column: string }[] }) => [r.line, r.errors.map((e) => e.column)]));
    expect(problems).toEqual({ 2: [], 3: [], 4: ['amount_inr'], 5: ['booking_id'], 6: ['booking_id'], 7: ['booking_id'], 8: ['booking_id'], 9: ['booking_id'] });
    expect(preview.body.rows[5].errors[0].message).toMatch(/^Booking \d+ is already settled in settlement \d+\.$/);
    // A row's amount is its booking's; for a booking that does not exist, the amount the file gave (not a blank).
    expect(preview.body.rows.map((r: Row) => r.amountPaise)).toEqual([a.bookings[0]!.amount, a.bookings[1]!.amount, b.bookings[0]!.amount, a.bookings[0]!.amount, 12_050, expect.any(Number), expect.any(Number), null]);
    expect(preview.body.settlements).toHaveLength(1);
    expect(preview.body.settlements[0]).toMatchObject({ hostId: a.hostId, bookingIds: [a.bookings[0]!.id, a.bookings[1]!.id], grossAmount: a.bookings[0]!.amount + a.bookings[1]!.amount });
    expect(await counts()).toEqual(before);

    const refused = await call(env.t, 'POST', `${API}/upload/commit`, { authKey: finance, body: { csv } });
    expect(refused.status).toBe(422);
    expect(await counts()).toEqual(before);
    expect((await call(env.t, 'POST', `${API}/upload/preview`, { authKey: finance, body: { csv: 'amount_inr\n1' } })).status).toBe(400);

    const clean = ['booking_id', ...a.bookings.map((x) => String(x.id)), String(b.bookings[0]!.id)].join('\n');
    const headers = { 'Idempotency-Key': 'csv-commit-0000001' };
    const committed = await call(env.t, 'POST', `${API}/upload/commit`, { authKey: finance, headers, body: { csv: clean } });
    expect(committed.status, JSON.stringify(committed.body)).toBe(201);
    expect(committed.body.count).toBe(2);
    const byHost = Object.fromEntries(committed.body.items.map((s: Row) => [s.hostId, s]));
    expect(byHost[a.hostId]).toMatchObject({ status: 'DRAFT', bookingsCount: 2, grossAmount: a.bookings[0]!.amount + a.bookings[1]!.amount });
    expect(byHost[b.hostId]).toMatchObject({ status: 'DRAFT', bookingsCount: 1, grossAmount: b.bookings[0]!.amount });
    const replayed = await call(env.t, 'POST', `${API}/upload/commit`, { authKey: finance, headers, body: { csv: clean } });
    expect(replayed.status).toBe(201);
    expect(replayed.body).toEqual(committed.body);
    expect(await counts()).toEqual([before[0]! + 2, before[1]! + 3]);
    const twice = await call(env.t, 'POST', `${API}/upload/commit`, { authKey: finance, body: { csv: clean } });
    expect(twice.status).toBe(422);
  });

  it('needs the settlement permissions: read-only staff may not create or move a settlement', async () => {
    const readOnly = (await env.signInAs('9000000006')).authKey;
    expect((await createDraft(readOnly)).status).toBe(403);
    const draft = (await createDraft(admin)).body;
    expect((await sendEvent(env, fixture, readOnly, draft.id, 'REJECT', draft.version)).status).toBe(403);
  });

  it('answers 409 for every event a state refuses, and changes nothing (generated from the machine)', async () => {
    expect(await checkEveryRefusal(env, fixture, admin)).toBeGreaterThan(20);
  });

  it(`lets exactly one of 20 concurrent conflicting transitions win, ${RACE_ROUNDS} rounds over`, async () => {
    await checkConcurrentConflicts(env, fixture, admin, 'REJECT');
  }, 120_000);
});
