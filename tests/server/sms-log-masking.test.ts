import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskMobile } from '@domain/phone';
import { SETTLEMENT_NOTICE_TEMPLATE } from '@server/settlements/settlement-effects';
import { call } from './support/test-app';
import { ruleDrivers } from './support/test-database';
import { useTestApp, type SharedTestApp } from './support/use-test-app';
import { rowsOf } from '@server/seed/seed-sql';

type Row = Record<string, unknown>;
const query = async (env: SharedTestApp, q: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(q));

/** SMS log rows whose number is not in maskMobile's shape (six stars, the last four digits). */
const unmasked = (env: SharedTestApp) => query(env, sql`select mobile_number, template from sms_notification_logs where mobile_number !~ '^[*]{6}[0-9]{4}$'`);

describe.each(ruleDrivers)('phone numbers in the SMS log on %s', (driver) => {
  const env = useTestApp(driver);
  let finance: string;

  beforeAll(async () => {
    finance = (await env.signInAs('9000000004')).authKey;
  });

  it('the seeded SMS log stores every number masked, as the SMS sender does', async () => {
    const [{ n }] = (await query(env, sql`select count(*)::int as n from sms_notification_logs`)) as [{ n: number }];
    expect(n).toBeGreaterThan(20);
    expect(await unmasked(env)).toEqual([]);
  });

  it("a settlement's NOTIFY logs the host's number masked with maskMobile", async () => {
    const [booking] = await query(
      env,
      sql`select b.id, c.host_id, u.mobile_number from bookings b join chargers c on c.id = b.charger_id join users u on u.id = c.host_id
          where b.status = 'COMPLETED' and not exists (select 1 from settlement_bookings s where s.booking_id = b.id)
          order by b.id limit 1`,
    );
    const created = await call(env.t, 'POST', '/pw-service/settlement', {
      authKey: finance,
      body: { hostId: booking!.host_id, periodFrom: '2025-12-01', periodTo: '2025-12-15', bookingIds: [Number(booking!.id)] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    let settlement = created.body;
    for (const type of ['SUBMIT', 'NOTIFY']) {
      const moved = await call(env.t, 'POST', `/pw-service/settlement/${settlement.id}/transition`, { authKey: finance, body: { type, version: settlement.version } });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      settlement = moved.body;
    }
    const logged = await query(
      env,
      sql`select mobile_number from sms_notification_logs where template = ${SETTLEMENT_NOTICE_TEMPLATE} and message like ${`Your settlement ${settlement.id} %`}`,
    );
    expect(logged).toEqual([{ mobile_number: maskMobile(String(booking!.mobile_number)) }]);
    expect(String(logged[0]!.mobile_number)).toMatch(/^\*{6}\d{4}$/);
  });

  it('sign-in codes and settlement notices alike: no row of the SMS log holds a whole number', async () => {
    await env.signInAs('9000000005');
    expect(await unmasked(env)).toEqual([]);
  });
});
