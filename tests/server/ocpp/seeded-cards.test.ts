// The seeded RFID cards are a realistic mix (most on their holders' accounts and usable, some blocked, some removed),
// and the cards the development fleet's simulated drivers present start sessions: asked over a real OCPP socket, the
// central system accepts them and a charging session with its booking begins.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@server/db/rows';
import { openLiveCharger, until, type LiveCharger } from '../support/live-charger';
import { testDrivers } from '../support/test-database';

/** How many cards the development fleet's simulated drivers carry (server/ocpp/ocpp-runtime.ts startDevFleet). */
const FLEET_CARDS = 50;

describe.each(testDrivers)('seeded RFID cards on %s', (driver) => {
  let live: LiveCharger;
  beforeAll(async () => {
    live = await openLiveCharger(driver);
  }, 60_000);
  afterAll(() => live?.close());

  it('are mostly on their holders’ accounts and usable, some blocked and some removed', async () => {
    const [held] = rowsOf<{ usable: number; blocked: number }>(
      await live.database.db.execute(sql`select count(*) filter (where not blocked)::int as usable, count(*) filter (where blocked)::int as blocked from rfid_cards where held`),
    );
    const [removed] = rowsOf<{ n: number }>(
      await live.database.db.execute(sql`select count(*)::int as n from (select distinct on (card_number) action from rfid_card_history order by card_number, acted_at desc, id desc) latest where action = 'REMOVED'`),
    );
    expect(held!.usable).toBeGreaterThan(3 * held!.blocked);
    expect(held!.blocked).toBeGreaterThan(0);
    expect(removed!.n).toBeGreaterThan(0);
  });

  it('lets the development fleet’s drivers start sessions: their cards are accepted and a session with its booking begins', async () => {
    const { database, charger, chargerId } = live;
    // The cards the fleet's drivers carry: those whose latest event is ADDED, as the fleet picks them.
    const cards = rowsOf<{ card_number: string }>(
      await database.db.execute(
        sql`select card_number from (select distinct on (card_number) card_number, action from rfid_card_history order by card_number, acted_at desc, id desc) latest where action = 'ADDED' limit ${FLEET_CARDS}`,
      ),
    ).map((r) => r.card_number);
    // As many as the fleet takes, or nearly (the test data is a small slice of the demo's).
    expect(cards.length).toBeGreaterThanOrEqual(FLEET_CARDS * 0.8);
    const answers: string[] = [];
    for (const idTag of cards) answers.push(((await charger.call('Authorize', { idTag })) as { idTagInfo: { status: string } }).idTagInfo.status);
    const accepted = cards.filter((_, i) => answers[i] === 'Accepted');
    // Most drivers may charge; the others are refused for a reason a customer can have (a short wallet).
    expect(accepted.length, JSON.stringify(answers)).toBeGreaterThanOrEqual(cards.length * 0.7);
    for (const status of answers) expect(['Accepted', 'Blocked']).toContain(status);

    // A few of them start a session at the charger, as the fleet's autopilot does, and end it.
    for (const idTag of accepted.slice(0, 3)) {
      expect(await charger.startWithCard(1, idTag)).toBe('Accepted');
      const session = await until(async () => charger.session(1), (s) => s?.transactionId != null);
      expect(session?.transactionId, idTag).toBeTypeOf('number');
      const [booking] = rowsOf<{ status: string; card: string }>(
        await database.db.execute(sql`select b.status, s.id_tag as card from ocpp_sessions s join bookings b on b.id = s.booking_id where s.charger_id = ${chargerId} and s.transaction_id = ${session!.transactionId}`),
      );
      expect(booking, `the booking of ${idTag}'s session`).toMatchObject({ status: 'CHARGING', card: idTag });
      await charger.stopSession(charger.connectors[0]!, 'EVDisconnected');
      await until(async () => charger.session(1), (s) => s === null);
    }
  }, 90_000);
});
