// RFID cards (the user service's `rfid-card` routes): Add RFID card and Remove RFID card (permission, validation,
// one holder at a time named in the 409, reason required), the RFID History and audit rows each writes, two adds of
// one card at once (the unique index lets one win), and OCPP Authorize accepting the card only while it is held.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatIndianMobile } from '@domain/phone';
import { authorize } from '@server/ocpp/authorisation-store';
import { rowsOf } from '@server/seed/seed-sql';
import { demoStaffUserId } from '@server/seed/seed-staff';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

const BASE = '/user-service/rfid-card';
const adminId = demoStaffUserId('9000000001');
type Row = Record<string, unknown>;

describe.each(ruleDrivers)('rfid cards on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let operations: string;
  let customers: { id: string; name: string | null; mobile_number: string }[];
  // Card numbers of this run (both drivers may share nothing, but keep them apart anyway).
  const card = (n: number) => `${driver === 'pglite' ? 'A1' : 'B2'}C0DE${String(n).padStart(2, '0')}`;

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    operations = (await env.signInAs('9000000002')).authKey;
    customers = rowsOf(
      await env.database.db.execute(sql`
        select u.id, u.name, u.mobile_number from users u
        where u.is_active and u.name is not null
          and not exists (select 1 from czo_users s where s.user_id = u.id) and not exists (select 1 from user_roles r where r.user_id = u.id)
        order by u.mobile_number limit 3`),
    );
    expect(customers).toHaveLength(3);
  });

  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(query));
  const held = (cardNumber: string) => q(sql`select user_id, blocked from rfid_cards where card_number = ${cardNumber} and held`);
  const history = (cardNumber: string) => q(sql`select user_id, action, reason, acted_by_id from rfid_card_history where card_number = ${cardNumber} order by acted_at, id`);
  const audit = (id: unknown) => q(sql`select action, actor_user_id, reason, changes from audit_log where entity_type = 'rfid-cards' and entity_id = ${String(id)} order by created_at, id`);
  const add = (body: Row, authKey = admin) => call(env.t, 'POST', `${BASE}/add`, { authKey, body });
  const remove = (body: Row, authKey = admin) => call(env.t, 'POST', `${BASE}/remove`, { authKey, body });

  it('adds a card to a user (upper-cased), with an ADDED row in RFID History and an audit row; the held list shows it', async () => {
    const cardNumber = card(1);
    const added = await add({ userId: customers[0]!.id, cardNumber: cardNumber.toLowerCase() });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ cardNumber, userId: customers[0]!.id, held: true, blocked: false, addedById: adminId });
    expect(await history(cardNumber)).toEqual([{ user_id: customers[0]!.id, action: 'ADDED', reason: null, acted_by_id: adminId }]);
    expect(await audit(added.body.id)).toEqual([
      expect.objectContaining({ action: 'add', actor_user_id: adminId, changes: { cardNumber: { from: null, to: cardNumber }, userId: { from: null, to: customers[0]!.id } } }),
    ]);
    const listed = await call(env.t, 'GET', `${BASE}?scope=held&q=${cardNumber}`, { authKey: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((r: Row) => r.id)).toEqual([added.body.id]);
    const inHistory = await call(env.t, 'GET', `${BASE}/history?q=${cardNumber}`, { authKey: operations });
    expect(inHistory.body.items.map((r: Row) => r.action)).toEqual(['ADDED']);
  });

  it('refuses both actions without their permissions (403), changing nothing', async () => {
    const cardNumber = card(2);
    const refused = await add({ userId: customers[0]!.id, cardNumber }, operations);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(refused.body.detail).toMatch(/ROLE_ADD_RFID_CARD/);
    expect((await remove({ cardNumber: card(1), reason: 'Lost' }, operations)).status).toBe(403);
    expect(await held(cardNumber)).toEqual([]);
    expect(await held(card(1))).toHaveLength(1);
  });

  it('answers bad input with 400 problem+json and field paths, changing nothing', async () => {
    const before = await q(sql`select count(*)::int as n from rfid_card_history`);
    for (const cardNumber of ['AB1', 'A1B2 C3D4', 'A1B2-C3D4', '0123456789ABCDEF01234', '   ']) {
      const bad = await add({ userId: customers[0]!.id, cardNumber });
      expect(bad.status, cardNumber).toBe(400);
      expect(bad.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'cardNumber' })]);
    }
    expect((await add({ userId: customers[0]!.id, cardNumber: 'AB1' })).body.errors[0].message).toBe('Use 4 to 20 letters or digits, without spaces (e.g. 04A3B2C1)');
    const noUser = await add({ cardNumber: card(3) });
    expect(noUser.status).toBe(400);
    expect(noUser.body.errors).toEqual([expect.objectContaining({ path: 'userId' })]);
    const unknownUser = await add({ userId: '00000000-0000-4000-8000-000000000000', cardNumber: card(3) });
    expect(unknownUser.status).toBe(400);
    expect(unknownUser.body.errors).toEqual([{ path: 'userId', message: 'No user has this id' }]);
    const extra = await add({ userId: customers[0]!.id, cardNumber: card(3), blocked: true });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual([expect.objectContaining({ path: 'blocked' })]);
    const noReason = await remove({ cardNumber: card(1), reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual([expect.objectContaining({ path: 'reason' })]);
    const malformed = await call(env.t, 'POST', `${BASE}/add`, { authKey: admin, rawBody: '{"cardNumber":' });
    expect(malformed.status).toBe(400);
    expect(await q(sql`select count(*)::int as n from rfid_card_history`)).toEqual(before);
    expect(await held(card(3))).toEqual([]);
    expect(await held(card(1))).toHaveLength(1);
  });

  it('refuses a card held by another user with a 409 naming the holder, and one already on this account', async () => {
    const holder = customers[0]!;
    const taken = await add({ userId: customers[1]!.id, cardNumber: card(1) });
    expect(taken.status).toBe(409);
    expect(taken.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const named = `${holder.name} (${formatIndianMobile(holder.mobile_number)})`;
    expect(taken.body.detail).toBe(`Card ${card(1)} is on the account of ${named}. A card belongs to one user at a time: remove it from that account first.`);
    expect(taken.body.errors).toEqual([{ path: 'cardNumber', message: `Held by ${named}` }]);
    const twice = await add({ userId: holder.id, cardNumber: card(1).toLowerCase() });
    expect(twice.status).toBe(409);
    expect(twice.body.errors).toEqual([{ path: 'cardNumber', message: 'Already on this account' }]);
    expect(await held(card(1))).toEqual([{ user_id: holder.id, blocked: false }]);
    expect((await history(card(1))).map((r) => r.action)).toEqual(['ADDED']);
  });

  it('names the holder of a seeded blocked card', async () => {
    const [blocked] = await q(sql`select c.card_number, u.name from rfid_cards c join users u on u.id = c.user_id where c.held and c.blocked limit 1`);
    expect(blocked).toBeDefined();
    const taken = await add({ userId: customers[2]!.id, cardNumber: blocked!.card_number });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toContain(`${String(blocked!.name)} (`);
    expect(taken.body.detail).toContain('(blocked there)');
  });

  it('removes a card with a reason (REMOVED in RFID History, audit row); then it can go to another user', async () => {
    const cardNumber = card(1);
    const [row] = await q(sql`select id from rfid_cards where card_number = ${cardNumber} and held`);
    const removed = await remove({ cardNumber, reason: 'Card lost by the driver' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ id: row!.id, cardNumber, held: false, removedById: adminId, removeReason: 'Card lost by the driver' });
    expect(await history(cardNumber)).toEqual([
      { user_id: customers[0]!.id, action: 'ADDED', reason: null, acted_by_id: adminId },
      { user_id: customers[0]!.id, action: 'REMOVED', reason: 'Card lost by the driver', acted_by_id: adminId },
    ]);
    // The test clock may stand still: compare the audit rows regardless of their order.
    expect((await audit(row!.id)).map((a) => [a.action, a.reason]).sort()).toEqual([
      ['add', null],
      ['remove', 'Card lost by the driver'],
    ]);
    const again = await remove({ cardNumber, reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ path: 'cardNumber', message: 'Not on any account' }]);
    const moved = await add({ userId: customers[1]!.id, cardNumber });
    expect(moved.status).toBe(201);
    expect(await held(cardNumber)).toEqual([{ user_id: customers[1]!.id, blocked: false }]);
  });

  it('lets one of two adds of the same card at once win; the other is refused with 409', async () => {
    const cardNumber = card(4);
    const answers = await Promise.all([add({ userId: customers[0]!.id, cardNumber }), add({ userId: customers[1]!.id, cardNumber })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const winner = answers.find((a) => a.status === 201)!;
    expect(await held(cardNumber)).toEqual([{ user_id: winner.body.userId, blocked: false }]);
    expect(await history(cardNumber)).toEqual([expect.objectContaining({ action: 'ADDED', user_id: winner.body.userId })]);
    // The database itself refuses a second held row, whoever writes it.
    await expect(
      env.database.db.execute(sql`insert into rfid_cards (card_number, user_id, added_at) values (${cardNumber}, ${customers[2]!.id}, now())`),
    ).rejects.toThrow();
  });

  it("refuses (403) a card change on a staff member's account by a caller lacking one of their permissions", async () => {
    const role = await call(env.t, 'POST', '/auth-service/role', {
      authKey: admin,
      body: { name: 'RFID desk', description: 'Issues RFID cards', permissions: ['ROLE_VIEW_USERS', 'ROLE_ADD_RFID_CARD', 'ROLE_REMOVE_RFID_CARD'] },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const deskUserId = demoStaffUserId('9000000007');
    expect((await call(env.t, 'POST', '/auth-service/admin/user-role', { authKey: admin, body: { userId: deskUserId, roleId: role.body.id } })).status).toBe(201);
    const desk = (await env.signInAs('9000000007')).authKey;

    const toAdmin = await add({ userId: adminId, cardNumber: card(6) }, desk);
    expect(toAdmin.status).toBe(403);
    expect(toAdmin.body.detail).toMatch(/You cannot change the RFID cards of this staff member/);
    expect(await held(card(6))).toEqual([]);
    expect((await add({ userId: adminId, cardNumber: card(6) })).status).toBe(201);
    const removeAdmins = await remove({ cardNumber: card(6), reason: 'Not mine to remove' }, desk);
    expect(removeAdmins.status).toBe(403);
    expect(await held(card(6))).toEqual([{ user_id: adminId, blocked: false }]);
    // A customer's card is theirs to give and take.
    expect((await add({ userId: customers[2]!.id, cardNumber: card(7) }, desk)).status).toBe(201);
    expect((await remove({ cardNumber: card(7), reason: 'Issued by mistake' }, desk)).status).toBe(200);
  });

  it('OCPP Authorize accepts a held card and refuses it once removed', async () => {
    const cardNumber = card(5);
    const [charger] = await q(sql`select id from chargers order by id limit 1`);
    const chargerId = Number(charger!.id);
    expect((await authorize(env.database.db, chargerId, cardNumber, new Date())).status).toBe('Invalid');
    expect((await add({ userId: customers[2]!.id, cardNumber })).status).toBe(201);
    expect((await authorize(env.database.db, chargerId, cardNumber, new Date())).status).toBe('Accepted');
    expect((await remove({ cardNumber, reason: 'Driver left the fleet' })).status).toBe(200);
    expect((await authorize(env.database.db, chargerId, cardNumber, new Date())).status).toBe('Invalid');
    const answers = await q(sql`select result, user_id from rfid_authorize_requests where card_number = ${cardNumber} order by id`);
    expect(answers).toEqual([
      { result: 'REJECTED', user_id: null },
      { result: 'ACCEPTED', user_id: customers[2]!.id },
      { result: 'REJECTED', user_id: customers[2]!.id },
    ]);
  });
});
