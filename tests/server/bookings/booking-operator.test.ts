// A booking carries its charger's operator from the moment it is made (so the progress trackers count bookings
// by operator without looking each booking's charger up): a charger's StartTransaction with an RFID card, an instant
// session staff started for a customer and a test charge from the console, the seed, and the migration's backfill of
// bookings made before the column. A ticket carries its charger's operator too (set by a trigger, whatever path
// writes it: the API, OCPP's fault tickets, the seed, a change of charger), beside its own operator.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { findChargerByBoxId, type ChargerIdentity } from '@server/ocpp/charger-identity';
import { INSTANT_ID_TAG_PREFIX, TEST_ID_TAG_PREFIX } from '@server/ocpp/authorisation-store';
import { recordStatus } from '@server/ocpp/fault-store';
import { startTransaction } from '@server/ocpp/transaction-store';
import { rowsOf } from '@server/db/rows';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

type Row = Record<string, unknown>;
const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../server/db/migrations');
/** The UPDATE statement (the backfill) of a migration. */
const backfillOf = (file: string) =>
  readFileSync(path.join(migrations, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .find((s) => s.startsWith('UPDATE'));

describe.each(ruleDrivers)('the operator on a booking on %s', (driver) => {
  const env = useTestApp(driver);
  const q = async <T extends Row>(query: ReturnType<typeof sql>) => rowsOf<T>(await env.database.db.execute(query));
  let charger: ChargerIdentity;
  let customer: string;
  let operators: string[];
  const operatorOf = async (bookingId: number | null) =>
    (await q<{ charge_point_operator_id: string | null }>(sql`select charge_point_operator_id from bookings where id = ${bookingId}`))[0]?.charge_point_operator_id;
  /** Moves the charger to another operator (as staff may while its socket is open) and answers the new one. */
  const moveCharger = async () => {
    const [current] = await q<{ id: string }>(sql`select charge_point_operator_id as id from chargers where id = ${charger.id}`);
    const next = operators.find((o) => o !== current!.id)!;
    await env.database.db.execute(sql`update chargers set charge_point_operator_id = ${next}::uuid where id = ${charger.id}`);
    return next;
  };
  let connector = 0;
  const start = (idTag: string) => startTransaction(env.database.db, charger, { connectorId: 1, idTag, meterStart: 1_000 * ++connector, timestamp: new Date(Date.now() + connector * 1_000).toISOString() }, new Date());

  beforeAll(async () => {
    const [box] = await q<{ charger_box_id: string }>(sql`select c.charger_box_id from ocpp_charge_points p join chargers c on c.id = p.charger_id where c.is_active order by c.id limit 1`);
    charger = (await findChargerByBoxId(env.database.db, box!.charger_box_id))!;
    const [user] = await q<{ user_id: string }>(sql`select w.user_id from wallets w join users u on u.id = w.user_id where w.credits >= 10000 and not w.postpaid and u.is_active and not u.operations_locked order by w.user_id limit 1`);
    customer = user!.user_id;
    operators = (await q<{ id: string }>(sql`select id from charge_point_operators order by id`)).map((r) => r.id);
    expect(operators.length).toBeGreaterThan(1);
  });

  it('every seeded booking with a charger has its charger’s operator', async () => {
    const [row] = await q<{ with_charger: number; differing: number }>(sql`
      select count(*)::int as with_charger, count(*) filter (where b.charge_point_operator_id is distinct from c.charge_point_operator_id)::int as differing
      from bookings b join chargers c on c.id = b.charger_id`);
    expect(row!.with_charger).toBeGreaterThan(0);
    expect(row!.differing).toBe(0);
  });

  it('every seeded ticket with a charger has its charger’s operator, and one without a charger none (before any charger moves)', async () => {
    const [row] = await q<{ with_charger: number; differing: number }>(sql`
      select count(*) filter (where t.charger is not null)::int as with_charger,
             count(*) filter (where t.charger_operator_id is distinct from c.charge_point_operator_id)::int as differing
      from tickets t left join chargers c on c.id = t.charger`);
    expect(row!.with_charger).toBeGreaterThan(0);
    expect(row!.differing).toBe(0);
  });

  it('a session started at the charger with an RFID card: the charger’s operator when it starts', async () => {
    const card = `BKCPO${driver.toUpperCase()}`;
    await env.database.db.execute(sql`insert into rfid_card_history (card_number, user_id, action, acted_at, created_at, updated_at) values (${card}, ${customer}, 'ADDED', now(), now(), now())`);
    const operator = await moveCharger();
    const started = await start(card);
    expect(started.status).toBe('Accepted');
    expect(await operatorOf(started.bookingId)).toBe(operator);
  });

  it('an instant session staff started for a customer', async () => {
    const idTag = `${INSTANT_ID_TAG_PREFIX}CPO${driver.toUpperCase()}`;
    await env.database.db.execute(sql`insert into instant_charge_requests (id_tag, user_id, charger_id, connector_id, created_at) values (${idTag}, ${customer}, ${charger.id}, 1, now())`);
    const operator = await moveCharger();
    const started = await start(idTag);
    expect(started.status).toBe('Accepted');
    expect(await operatorOf(started.bookingId)).toBe(operator);
  });

  it('a test charge started from the console', async () => {
    const idTag = `${TEST_ID_TAG_PREFIX}CPO${driver.toUpperCase()}`;
    const [staff] = await q<{ id: string }>(sql`select id from users where mobile_number = '9000000001'`);
    await env.database.db.execute(sql`insert into ocpp_commands (charger_id, action, payload, requested_by) values (${charger.id}, 'RemoteStartTransaction', ${JSON.stringify({ connectorId: 1, idTag })}::jsonb, ${staff!.id}::uuid)`);
    const operator = await moveCharger();
    const started = await start(idTag);
    expect(started.status).toBe('Accepted');
    expect(started.bookingId).not.toBeNull();
    expect(await operatorOf(started.bookingId)).toBe(operator);
  });

  it('the migration gives bookings made before it their charger’s operator, and leaves bookings without a charger without one', async () => {
    const backfill = backfillOf('0027_booking_operator.sql');
    expect(backfill).toBeDefined();
    const ids = (await q<{ id: number }>(sql`select id::int as id from bookings where charger_id is not null order by id limit 50`)).map((r) => r.id);
    await env.database.db.execute(sql`update bookings set charge_point_operator_id = null where id = any(${sql.param(ids)}::bigint[])`);
    await env.database.db.execute(sql.raw(backfill!));
    const [row] = await q<{ differing: number; without_charger: number }>(sql`
      select count(*) filter (where b.charge_point_operator_id is distinct from c.charge_point_operator_id)::int as differing,
             count(*) filter (where b.charger_id is null and b.charge_point_operator_id is not null)::int as without_charger
      from bookings b left join chargers c on c.id = b.charger_id`);
    expect(row).toEqual({ differing: 0, without_charger: 0 });
  });

  const ticketOperator = async (id: unknown) =>
    (await q<{ charger_operator_id: string | null }>(sql`select charger_operator_id from tickets where id = ${Number(id)}`))[0]?.charger_operator_id;
  const chargerOperator = async (id: number) => (await q<{ id: string }>(sql`select charge_point_operator_id as id from chargers where id = ${id}`))[0]!.id;

  it('a ticket made through the API, one OCPP opens on a fault, and a ticket given another charger: that charger’s operator', async () => {
    const admin = (await env.signInAs('9000000001')).authKey;
    const operator = await moveCharger();
    const made = await call(env.t, 'POST', '/ticket-service/customer-support', {
      authKey: admin,
      body: { title: 'Charging stopped midway', customerPhone: '+91 98450 11111', category: 'CHARGING_FAILED', charger: charger.id },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await ticketOperator(made.body.id)).toBe(operator);
    // The ticket's own operator is a field of its own, left as staff set it (here: none).
    expect((await q<{ id: string | null }>(sql`select charge_point_operator_id as id from tickets where id = ${Number(made.body.id)}`))[0]!.id).toBeNull();

    const fault = await recordStatus(env.database.db, charger, { connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure' }, new Date());
    expect(fault.openedTicketId).not.toBeNull();
    expect(await ticketOperator(fault.openedTicketId)).toBe(operator);

    const [other] = await q<{ id: number }>(sql`select id::int as id from chargers where charge_point_operator_id <> ${operator}::uuid order by id limit 1`);
    await env.database.db.execute(sql`update tickets set charger = ${other!.id} where id = ${Number(made.body.id)}`);
    expect(await ticketOperator(made.body.id)).toBe(await chargerOperator(other!.id));
    await env.database.db.execute(sql`update tickets set charger = null where id = ${Number(made.body.id)}`);
    expect(await ticketOperator(made.body.id)).toBeNull();
  });

  it('the ticket migration gives tickets made before it their charger’s operator', async () => {
    const backfill = backfillOf('0028_ticket_charger_operator.sql');
    expect(backfill).toBeDefined();
    await env.database.db.execute(sql`alter table tickets disable trigger tickets_charger_operator`);
    await env.database.db.execute(sql`update tickets set charger_operator_id = null where id in (select id from tickets where charger is not null order by id limit 50)`);
    await env.database.db.execute(sql`alter table tickets enable trigger tickets_charger_operator`);
    await env.database.db.execute(sql.raw(backfill!));
    const [row] = await q<{ differing: number }>(sql`
      select count(*) filter (where t.charger_operator_id is distinct from c.charge_point_operator_id)::int as differing from tickets t left join chargers c on c.id = t.charger`);
    expect(row!.differing).toBe(0);
  });
});
