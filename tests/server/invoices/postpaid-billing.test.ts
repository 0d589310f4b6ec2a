// Bill period on a postpaid configuration (Invoices), on both drivers: the period runs from the
// configuration's first day to the end of the last complete cycle in IST (a booking at 23:59:59 IST on its last
// day is in, one at 00:00 IST the next day is not), sums the group members' POSTPAID bookings at the configuration's
// price on one invoice, and a re-run answers the same period; an empty period is recorded at ₹0 with no invoice;
// an inactive configuration, and one whose first cycle has not ended, are refused; a configuration with unbilled
// bookings is not inactivated.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { istDate } from '@domain/invoices';
import { addDays, cycleEndOf, cycleStartOf, lastCompleteCycleEnd, periodToBill } from '@domain/postpaid-cycles';
import { rowsOf } from '@server/seed/seed-sql';
import { demoStaffUserId } from '@server/seed/seed-staff';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

const BILL = '/pw-service/postpaid-configuration/bill-period';
type Row = Record<string, unknown>;
/** The moment of an IST wall-clock time on a day. */
const ist = (day: string, time: string) => `${day}T${time}+05:30`;

describe('postpaid billing cycles (pure, IST days)', () => {
  it('runs weeks Monday to Sunday, fortnights 1–15 and 16–end, months by the calendar', () => {
    // 18 March 2026 is a Wednesday.
    expect(cycleStartOf('WEEKLY', '2026-03-18')).toBe('2026-03-16');
    expect(cycleStartOf('WEEKLY', '2026-03-16')).toBe('2026-03-16');
    expect(cycleStartOf('WEEKLY', '2026-03-22')).toBe('2026-03-16');
    expect(cycleEndOf('WEEKLY', '2026-03-18')).toBe('2026-03-22');
    expect(lastCompleteCycleEnd('WEEKLY', '2026-03-18')).toBe('2026-03-15');
    expect(cycleStartOf('FORTNIGHTLY', '2026-03-15')).toBe('2026-03-01');
    expect(cycleStartOf('FORTNIGHTLY', '2026-03-16')).toBe('2026-03-16');
    expect(cycleEndOf('FORTNIGHTLY', '2026-02-20')).toBe('2026-02-28');
    expect(lastCompleteCycleEnd('FORTNIGHTLY', '2026-03-10')).toBe('2026-02-28');
    expect(lastCompleteCycleEnd('FORTNIGHTLY', '2026-03-20')).toBe('2026-03-15');
    expect(lastCompleteCycleEnd('MONTHLY', '2028-03-01')).toBe('2028-02-29');
    expect(cycleEndOf('MONTHLY', '2026-12-05')).toBe('2026-12-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('bills from the first unbilled day to the last complete cycle, or nothing before a cycle ends', () => {
    expect(periodToBill('MONTHLY', '2026-01-10', '2026-03-05')).toEqual({ from: '2026-01-10', to: '2026-02-28' });
    expect(periodToBill('MONTHLY', '2026-03-01', '2026-03-31')).toBeNull();
    expect(periodToBill('WEEKLY', '2026-03-16', '2026-03-23')).toEqual({ from: '2026-03-16', to: '2026-03-22' });
  });
});

describe.each(ruleDrivers)('Bill period on %s', (driver) => {
  const env = useTestApp(driver);
  let finance: string;
  let readOnly: string;
  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(query));
  const bill = (id: unknown, authKey = finance) => call(env.t, 'POST', BILL, { authKey, body: { id } });

  // The app's clock: Wednesday 18 March 2026, 12:00 IST. A weekly group configuration whose first day is 13 days
  // before the end of the last complete week (Sunday 15 March).
  const now = new Date('2026-03-18T06:30:00Z');
  const today = istDate(now);
  const lastEnd = lastCompleteCycleEnd('WEEKLY', today);
  const from = addDays(lastEnd, -13);
  let members: { id: string; mobile_number: string }[];
  let outsider: { id: string; mobile_number: string };
  let weekly: number;

  const group = async (name: string, users: { id: string }[]) => {
    const [g] = await q(sql`insert into user_groups (name, admin_user_id, member_count) values (${name}, ${users[0]?.id ?? null}::uuid, ${users.length}) returning id::int as id`);
    for (const u of users) await q(sql`insert into user_group_members (group_id, user_id, added_at) values (${g!.id as number}, ${u.id}::uuid, '2020-01-01T00:00:00Z')`);
    return Number(g!.id);
  };
  const configuration = async (name: string, groupId: number, cycle: string, createdAt: string, active = true) =>
    Number(
      (
        await q(sql`
          insert into postpaid_configurations (name, billed_to, group_id, price_per_kwh, billing_cycle, credit_limit, payment_terms_days, is_active, created_at, updated_at)
          values (${name}, 'GROUP', ${groupId}, 2000, ${cycle}, 10000000, 15, ${active}, ${createdAt}::timestamptz, now()) returning id::int as id`)
      )[0]!.id,
    );
  const booking = async (user: { id: string; mobile_number: string }, startedAt: string, energyWh: number, mode = 'POSTPAID') =>
    q(sql`
      insert into bookings (user_id, user_phone, status, started_at, ended_at, energy_wh, amount, tariff_per_kwh, payment_mode)
      values (${user.id}::uuid, ${user.mobile_number}, 'COMPLETED', ${startedAt}::timestamptz, ${startedAt}::timestamptz + interval '1 hour', ${energyWh}, 0, 2000, ${mode})`);

  beforeAll(async () => {
    env.t.clock.set(now);
    finance = (await env.signInAs('9000000004')).authKey;
    readOnly = (await env.signInAs('9000000006')).authKey;
    const customers = await q(sql`select u.id::text as id, u.mobile_number from users u where not exists (select 1 from czo_users c where c.user_id = u.id) order by u.mobile_number limit 3`);
    members = customers.slice(0, 2) as typeof members;
    outsider = customers[2] as typeof outsider;
    weekly = await configuration('Test fleet weekly postpaid', await group('Test fleet', members), 'WEEKLY', ist(from, '10:00:00'));
    await booking(members[0]!, ist(from, '00:00:00'), 10_000); // the first moment of the period: in
    await booking(members[1]!, ist(lastEnd, '23:59:59'), 5_000); // the last second of the period: in
    await booking(members[0]!, ist(addDays(lastEnd, 1), '00:00:00'), 7_000); // the first moment of the running week: out
    await booking(members[0]!, ist(addDays(from, -1), '23:59:59'), 9_000); // before the configuration's first day: out
    await booking(members[1]!, ist(addDays(from, 2), '12:00:00'), 4_000, 'WALLET'); // paid from the wallet: out
    await booking(outsider, ist(addDays(from, 2), '12:00:00'), 3_000); // not a member: out
  });

  it('turns the billable week at 00:00 IST on Monday, and bills the next period from the day after the last', async () => {
    const boundary = await configuration('Test boundary weekly postpaid', await group('Test boundary group', []), 'WEEKLY', ist('2026-03-02', '08:00:00'));
    try {
      // Sunday 15 March 23:59:59 IST: the week of the 9th has not ended.
      env.t.clock.set(new Date('2026-03-15T18:29:59Z'));
      expect((await bill(boundary)).body).toMatchObject({ periodFrom: '2026-03-02', periodTo: '2026-03-08' });
      // Monday 16 March 00:00 IST: it has.
      env.t.clock.set(new Date('2026-03-15T18:30:00Z'));
      const next = await bill(boundary);
      expect(next.status).toBe(201);
      expect(next.body).toMatchObject({ periodFrom: '2026-03-09', periodTo: '2026-03-15', amount: 0, invoiceId: null });
    } finally {
      env.t.clock.set(now);
    }
  });

  it('bills the complete weeks at the price per kWh on one invoice, IST boundaries exact, with audit rows', async () => {
    const invoicesBefore = Number((await q(sql`select count(*)::int as c from invoices`))[0]!.c);
    const res = await bill(weekly);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const period = res.body as Row;
    expect(period).toMatchObject({ configurationId: weekly, periodFrom: from, periodTo: lastEnd, bookingsCount: 2, energyWh: 15_000, pricePerKwh: 2000, amount: 30_000 });
    const [invoice] = await q(sql`select invoice_number, customer_id::text as customer_id, taxable_amount::int as taxable, cgst::int + sgst::int + igst::int as tax, total_amount::int as total, payment_status, due_on::text as due_on, booking_id from invoices where id = ${period.invoiceId as number}`);
    expect(invoice).toMatchObject({ customer_id: members[0]!.id, total: 30_000, payment_status: 'UNPAID', due_on: addDays(today, 15), booking_id: null });
    expect(Number(invoice!.taxable) + Number(invoice!.tax)).toBe(30_000);
    expect(Number(invoice!.taxable)).toBe(Math.round((30_000 * 100) / 118));
    expect(Number((await q(sql`select count(*)::int as c from invoices`))[0]!.c)).toBe(invoicesBefore + 1);
    const audit = await q(sql`select entity_type, action, actor_user_id::text as actor from audit_log where (entity_type = 'postpaid-configurations' and entity_id = ${String(weekly)}) or (entity_type = 'postpaid-billing-periods' and entity_id = ${String(period.id)}) or (entity_type = 'invoices' and entity_id = ${String(period.invoiceId)}) order by seq`);
    expect(audit.map((a) => `${String(a.entity_type)} ${String(a.action)}`).sort()).toEqual(['invoices issue', 'postpaid-billing-periods create', 'postpaid-configurations bill-period']);
    expect(new Set(audit.map((a) => a.actor))).toEqual(new Set([demoStaffUserId('9000000004')]));
  });

  it('answers a re-run with the same period and no second invoice (idempotent per configuration and period)', async () => {
    const invoicesBefore = Number((await q(sql`select count(*)::int as c from invoices`))[0]!.c);
    const again = await Promise.all([bill(weekly), bill(weekly)]);
    for (const res of again) expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(new Set(again.map((r) => (r.body as Row).id)).size).toBe(1);
    expect(Number((await q(sql`select count(*)::int as c from postpaid_billing_periods where configuration_id = ${weekly}`))[0]!.c)).toBe(1);
    expect(Number((await q(sql`select count(*)::int as c from invoices`))[0]!.c)).toBe(invoicesBefore);
  });

  it('keeps a configuration with unbilled bookings active, saying what is open', async () => {
    const res = await call(env.t, 'PATCH', `/pw-service/postpaid-configuration/${weekly}/activate-inactivate`, { authKey: finance, body: { active: false } });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(String((res.body as Row).detail)).toMatch(/1 unbilled postpaid booking \(7(\.0+)? kWh\)/);
    expect((await q(sql`select is_active from postpaid_configurations where id = ${weekly}`))[0]!.is_active).toBe(true);
  });

  it('records a period with no bookings at ₹0 and no invoice, and then lets the configuration be inactivated', async () => {
    const monthStart = cycleStartOf('MONTHLY', today);
    const empty = await configuration('Test empty monthly postpaid', await group('Test empty group', []), 'MONTHLY', ist(addDays(cycleStartOf('MONTHLY', addDays(monthStart, -1)), 0), '09:00:00'));
    const res = await bill(empty);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ periodFrom: cycleStartOf('MONTHLY', addDays(monthStart, -1)), periodTo: addDays(monthStart, -1), bookingsCount: 0, energyWh: 0, amount: 0, invoiceId: null });
    const off = await call(env.t, 'PATCH', `/pw-service/postpaid-configuration/${empty}/activate-inactivate`, { authKey: finance, body: { active: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ isActive: false });
  });

  it('refuses an inactive configuration and one whose first cycle has not ended, writing nothing; 403 and 400 as for any action', async () => {
    const inactive = await configuration('Test inactive postpaid', await group('Test inactive group', members), 'WEEKLY', ist(from, '10:00:00'), false);
    const fresh = await configuration('Test fresh postpaid', await group('Test fresh group', members), 'MONTHLY', now.toISOString());
    const periodsBefore = Number((await q(sql`select count(*)::int as c from postpaid_billing_periods`))[0]!.c);
    const refused = await bill(inactive);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errors: [{ path: 'id', message: 'Inactive' }] });
    const early = await bill(fresh);
    expect(early.status).toBe(409);
    expect(String((early.body as Row).detail)).toContain('no complete billing cycle yet');
    expect((await bill(weekly, readOnly)).status).toBe(403);
    const bad = await call(env.t, 'POST', BILL, { authKey: finance, body: { id: 'x' } });
    expect(bad.status).toBe(400);
    expect((await bill(999_999_999)).status).toBe(404);
    expect(Number((await q(sql`select count(*)::int as c from postpaid_billing_periods`))[0]!.c)).toBe(periodsBefore);
  });

  it('shows the periods on the configuration (related list) to those who view postpaid pricing', async () => {
    const res = await call(env.t, 'GET', `/pw-service/postpaid-billing-period?configurationId=${weekly}`, { authKey: finance });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ count: 1, items: [expect.objectContaining({ configurationId: weekly, amount: 30_000 })] });
  });
});
