// Stale sessions: seeded charging bookings have their OCPP session behind them (as many as free OCPP chargers allow); a charging or paused booking whose
// session sent no meter value for STALE_SESSION_MINUTES (or that has no open session) is listed for staff, and home's
// "Charging now" counts only bookings on a live session.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingTimelineSchema } from '@domain/booking-timeline';
import { bookingResource } from '@domain/resources/bookings/booking';
import { staleSessionsSchema } from '@domain/stale-sessions';
import { chargingTodaySchema } from '@domain/trackers';
import { rowsOf } from '@server/db/rows';
import { FREE_OCPP_CHARGERS } from '@server/seed/seed-charging-sessions';
import { call } from '../support/test-app';
import { testDrivers } from '../support/test-database';
import { useTestApp } from '../support/use-test-app';

describe.each(testDrivers)('stale sessions on %s', (driver) => {
  const env = useTestApp(driver);
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await env.database.db.execute(query));
  const stale = async (authKey: string) => staleSessionsSchema.parse((await call(env.t, 'GET', '/booking-service/admin/stale-sessions', { authKey })).body);
  const today = async (authKey: string) => chargingTodaySchema.parse((await call(env.t, 'GET', '/booking-service/admin/booking-summary/today', { authKey })).body);

  it('seeds charging bookings with an open session on an OCPP charger, with meter values, as many as free chargers allow; the others are stale', async () => {
    const rows = await q<{ id: number; sessions: number; ocpp: boolean; same_charger: boolean; in_progress: boolean; samples: number }>(sql`
      select b.id, count(s.transaction_id)::int as sessions, bool_and(c.charger_type = 'OCPP_16_JSON_CHARGER') as ocpp,
             bool_and(s.charger_id = b.charger_id) as same_charger, bool_and(t.status = 'IN_PROGRESS') as in_progress,
             (select count(*)::int from ocpp_meter_values v where v.transaction_id = min(s.transaction_id)) as samples
      from bookings b left join ocpp_sessions s on s.booking_id = b.id and s.stopped_at is null
      left join chargers c on c.id = s.charger_id left join charger_transactions t on t.id = s.transaction_id
      where b.status in ('CHARGING', 'PAUSED') group by b.id`);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const [ocppChargers] = await q<{ n: number }>(sql`select count(*)::int as n from chargers where charger_type = 'OCPP_16_JSON_CHARGER' and charger_box_id is not null and is_active`);
    const withSession = rows.filter((r) => r.sessions > 0);
    expect(withSession.length).toBe(Math.min(rows.length, ocppChargers!.n - FREE_OCPP_CHARGERS));
    for (const r of withSession) expect(r, `booking ${r.id}`).toMatchObject({ sessions: 1, ocpp: true, same_charger: true, in_progress: true });
    for (const r of withSession) expect(r.samples).toBeGreaterThan(0);
    // A booking no free charger was left for has no session: it is stale from the start, for staff to close.
    const listed = new Set((await stale((await env.signInAs('9000000001')).authKey)).items.map((i) => i.bookingId));
    for (const r of rows.filter((b) => b.sessions === 0)) expect(listed.has(Number(r.id)), `booking ${r.id} listed stale`).toBe(true);
  });

  it('lists the sessions quiet for longer than the setting, and home counts only live ones as charging now', async () => {
    const admin = (await env.signInAs('9000000001')).authKey;
    const now = env.t.clock.now();
    const charging = await q<{ id: number; transaction_id: number; charger_id: number }>(sql`
      select b.id, s.transaction_id, s.charger_id from bookings b join ocpp_sessions s on s.booking_id = b.id and s.stopped_at is null
      where b.status = 'CHARGING' order by b.id`);
    const [live, quiet, lost] = charging;
    // One session read a minute ago (live), one 31 minutes ago (stale at the default 30), one lost its session.
    await env.database.db.execute(sql`insert into ocpp_meter_values (charger_id, connector_id, transaction_id, sampled_at, energy_wh)
      values (${live!.charger_id}, 1, ${live!.transaction_id}, ${new Date(now.getTime() - 60_000).toISOString()}, 2000000),
             (${quiet!.charger_id}, 1, ${quiet!.transaction_id}, ${new Date(now.getTime() - 31 * 60_000).toISOString()}, 2000000)`);
    await env.database.db.execute(sql`delete from ocpp_sessions where transaction_id = ${lost!.transaction_id}`);

    const list = await stale(admin);
    expect(list.staleAfterMinutes).toBe(30);
    const ids = list.items.map((i) => i.bookingId);
    expect(ids).not.toContain(live!.id);
    expect(ids).toContain(quiet!.id);
    expect(ids).toContain(lost!.id);
    // Every charging booking but the live one: those with no session (the seed's beyond its free chargers, and the
    // lost one) first, then the quietest.
    const [ongoing] = await q<{ n: number }>(sql`select count(*)::int as n from bookings where status in ('CHARGING', 'PAUSED')`);
    expect(list.count).toBe(ongoing!.n - 1);
    const noSession = list.items.filter((i) => i.transactionId === null);
    expect(noSession.map((i) => i.bookingId)).toContain(lost!.id);
    expect(list.items.slice(0, noSession.length)).toEqual(noSession);
    expect(noSession.every((i) => i.lastMeterAt === null)).toBe(true);
    const quietRow = list.items.find((i) => i.bookingId === quiet!.id)!;
    expect(quietRow.lastMeterAt).toBe(new Date(now.getTime() - 31 * 60_000).toISOString());
    expect(quietRow.transactionId).toBe(Number(quiet!.transaction_id));

    // The booking's page says the same: its timeline's live session is stale, or not, by the one rule.
    const timelineOf = async (id: number) => bookingTimelineSchema.parse((await call(env.t, 'GET', `${bookingResource.apiPath}/${id}/timeline`, { authKey: admin })).body);
    expect((await timelineOf(quiet!.id)).live).toMatchObject({ stale: true });
    expect((await timelineOf(live!.id)).live).toMatchObject({ stale: false });

    const figures = await today(admin);
    expect(figures.chargingNow).toBe(1);
    expect(figures.staleSessions).toBe(list.count);

    // A longer setting: the 31-minute-old reading is live again.
    const patient = (await import('../support/test-app')).createTestApp(env.database, { STALE_SESSION_MINUTES: '45' }, { clock: env.t.clock });
    const patientAdmin = (await (await import('../support/test-app')).signIn(patient, '9000000001')).authKey;
    const longer = staleSessionsSchema.parse((await call(patient, 'GET', '/booking-service/admin/stale-sessions', { authKey: patientAdmin })).body);
    expect(longer.items.map((i) => i.bookingId)).not.toContain(quiet!.id);

    // Closing the lost one (no session: it keeps its energy) takes it off the list.
    const [before] = await q<{ version: number }>(sql`select version from bookings where id = ${lost!.id}`);
    const closed = await call(env.t, 'POST', `/booking-service/admin/booking/${lost!.id}/transition`, { authKey: admin, body: { type: 'CLOSE_SESSION', reason: 'Its charger lost the session', version: before!.version } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ status: 'COMPLETED', energyWh: 0, amount: 0 });
    expect((await stale(admin)).items.map((i) => i.bookingId)).not.toContain(lost!.id);
  });

  it('is for staff who see ongoing bookings', async () => {
    const technician = (await env.signInAs('9000000003')).authKey;
    expect((await call(env.t, 'GET', '/booking-service/admin/stale-sessions', { authKey: technician })).status).toBe(403);
    expect((await call(env.t, 'GET', '/booking-service/admin/stale-sessions')).status).toBe(401);
  });
});
