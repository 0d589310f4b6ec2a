import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commentsPath } from '@domain/comments';
import { createChargerPath } from '@domain/create-charger';
import { idempotencyKeys } from '@server/db/tables/idempotency';
import { deleteExpiredIdempotencyKeys, IDEMPOTENCY_KEY_TTL_MS, idempotencyMismatchType, startIdempotencyKeyCleanup } from '@server/http/idempotency';
import { call } from './support/test-app';
import { testDrivers } from './support/test-database';
import { useTestApp, type SharedTestApp } from './support/use-test-app';
import { insertTicket } from './tickets/ticket-fixtures';
import { rowsOf } from '@server/seed/seed-sql';

type Row = Record<string, unknown>;
const count = async (env: SharedTestApp, q: ReturnType<typeof sql>) => Number(rowsOf<Row>(await env.database.db.execute(q))[0]!.n);
const keyRows = async (env: SharedTestApp, key: string) => count(env, sql`select count(*)::int as n from idempotency_keys where key = ${key}`);

const SITE_INSPECTIONS = '/ticket-service/site-inspection-ticket';
const DELIVERIES = '/ticket-service/delivery-ticket';
const replayed = (res: { headers: Headers }) => res.headers.get('idempotent-replayed') === 'true';

describe.each(testDrivers)('Idempotency-Key on every create, on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let operations: string;
  let field: string;

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    operations = (await env.signInAs('9000000002')).authKey;
    field = (await env.signInAs('9000000003')).authKey;
  });

  const inspections = (siteName: string) => count(env, sql`select count(*)::int as n from tickets where kind = 'SITE_INSPECTION' and site_name = ${siteName}`);
  const createInspection = (authKey: string, siteName: string, key?: string, extra: Row = {}) =>
    call(env.t, 'POST', SITE_INSPECTIONS, { authKey, headers: key ? { 'Idempotency-Key': key } : {}, body: { title: `Inspect ${siteName}`, siteName, address: 'Hosur Road, Bengaluru', ...extra } });

  it('generic create: a retry of a committed create gets the first answer (status and body) and makes no second row', async () => {
    const first = await createInspection(operations, 'Forum Mall Koramangala (idempotency test)', 'inspection-create-0001');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(replayed(first)).toBe(false);
    // The client never saw `first` and sends the same request again.
    const retry = await createInspection(operations, 'Forum Mall Koramangala (idempotency test)', 'inspection-create-0001');
    expect(retry.status).toBe(first.status);
    expect(retry.body).toEqual(first.body);
    expect(replayed(retry)).toBe(true);
    expect(await inspections('Forum Mall Koramangala (idempotency test)')).toBe(1);
    expect(await count(env, sql`select count(*)::int as n from audit_log where entity_type = 'site-inspection-tickets' and entity_id = ${String(first.body.id)} and action = 'create'`)).toBe(1);
  });

  it('generic create: two identical requests at once make one row, both answered with it', async () => {
    const [a, b] = await Promise.all([createInspection(operations, 'Phoenix Marketcity (idempotency test)', 'inspection-race-0001'), createInspection(operations, 'Phoenix Marketcity (idempotency test)', 'inspection-race-0001')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    expect([a, b].filter(replayed)).toHaveLength(1);
    expect(await inspections('Phoenix Marketcity (idempotency test)')).toBe(1);
  });

  it('generic create: the same key with another body is a 422 and creates nothing; keys are per user', async () => {
    expect((await createInspection(operations, 'Orion Mall (idempotency test)', 'inspection-reuse-0001')).status).toBe(201);
    const other = await createInspection(operations, 'Mantri Square (idempotency test)', 'inspection-reuse-0001');
    expect(other.status).toBe(422);
    expect(other.contentType).toBe('application/problem+json');
    expect(other.body.type).toBe(idempotencyMismatchType);
    expect(await inspections('Mantri Square (idempotency test)')).toBe(0);
    // Another user's key of the same name is theirs: a new row, not someone else's answer.
    const theirs = await createInspection(field, 'Orion Mall (idempotency test)', 'inspection-reuse-0001');
    expect(theirs.status).toBe(201);
    expect(replayed(theirs)).toBe(false);
    expect(await inspections('Orion Mall (idempotency test)')).toBe(2);
    // Without a key every request is a new create.
    expect((await createInspection(operations, 'Lulu Mall (idempotency test)')).status).toBe(201);
    expect((await createInspection(operations, 'Lulu Mall (idempotency test)')).status).toBe(201);
    expect(await inspections('Lulu Mall (idempotency test)')).toBe(2);
    expect((await createInspection(operations, 'Lulu Mall (idempotency test)', 'short')).status).toBe(400);
  });

  it('generic create (deliveries): a refused create keeps no key, so the request can be corrected and sent with it', async () => {
    const orderId = Number(rowsOf<Row>(await env.database.db.execute(sql`select id from orders order by id limit 1`))[0]!.id);
    const headers = { 'Idempotency-Key': 'delivery-create-0001' };
    const body = { title: 'Deliver order to Asha Rao (idempotent)', deliveryTicketType: 'ORDER_DELIVERY' };
    const refused = await call(env.t, 'POST', DELIVERIES, { authKey: admin, headers, body: { ...body, orderId: 999_999_999 } });
    expect(refused.status).toBe(400);
    expect(await keyRows(env, 'delivery-create-0001')).toBe(0);
    const created = await call(env.t, 'POST', DELIVERIES, { authKey: admin, headers, body: { ...body, orderId } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const retry = await call(env.t, 'POST', DELIVERIES, { authKey: admin, headers, body: { ...body, orderId } });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(created.body);
    expect(await count(env, sql`select count(*)::int as n from tickets where kind = 'DELIVERY' and title = ${body.title}`)).toBe(1);
  });

  it('create charger: a retry gets the first answer and no second charger; another body with the key is a 422', async () => {
    const list = await call(env.t, 'GET', `${createChargerPath}?size=1`, { authKey: admin });
    const body = { chargerType: 'KIRANA_LITE_GSM', deviceId: 'IDEMDEV0001', chargePointOperatorId: list.body.items[0].chargePointOperatorId, mqttBrokerKey: 'RABBIT_MQ_PROPS_DEDICATED', sockets: [] };
    const headers = { 'Idempotency-Key': 'charger-create-0001' };
    const first = await call(env.t, 'POST', createChargerPath, { authKey: admin, headers, body });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retry = await call(env.t, 'POST', createChargerPath, { authKey: admin, headers, body });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(replayed(retry)).toBe(true);
    expect(await count(env, sql`select count(*)::int as n from chargers where device_id = 'IDEMDEV0001'`)).toBe(1);
    const other = await call(env.t, 'POST', createChargerPath, { authKey: admin, headers, body: { ...body, deviceId: 'IDEMDEV0002' } });
    expect(other.status).toBe(422);
    expect(await count(env, sql`select count(*)::int as n from chargers where device_id = 'IDEMDEV0002'`)).toBe(0);
  });

  it('comments: a retry gets the first answer and posts once', async () => {
    const ticket = await insertTicket(env, admin, 'charger-servicing-tickets');
    const path = commentsPath('charger-servicing-tickets', String(ticket.id));
    const headers = { 'Idempotency-Key': `comment-${String(ticket.id)}-01` };
    const first = await call(env.t, 'POST', path, { authKey: admin, headers, body: { body: 'Technician booked for tomorrow' } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retry = await call(env.t, 'POST', path, { authKey: admin, headers, body: { body: 'Technician booked for tomorrow' } });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await count(env, sql`select count(*)::int as n from comments where entity_id = ${String(ticket.id)}`)).toBe(1);
    expect((await call(env.t, 'POST', path, { authKey: admin, headers, body: { body: 'Something else' } })).status).toBe(422);
  });

  it('settlement create keeps accepting a key (replayed, one row)', async () => {
    const [host] = rowsOf<Row>(await env.database.db.execute(sql`select c.host_id from chargers c where c.host_id is not null limit 1`));
    const finance = (await env.signInAs('9000000004')).authKey;
    const headers = { 'Idempotency-Key': 'settlement-create-0001' };
    const body = { hostId: host!.host_id, periodFrom: '2025-11-01', periodTo: '2025-11-15', notes: 'idempotent create' };
    const first = await call(env.t, 'POST', '/pw-service/settlement', { authKey: finance, headers, body });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retry = await call(env.t, 'POST', '/pw-service/settlement', { authKey: finance, headers, body });
    expect(retry.body).toEqual(first.body);
    expect(await count(env, sql`select count(*)::int as n from settlements where notes = 'idempotent create'`)).toBe(1);
  });

  it('deletes keys older than a day; a retry after that runs again', async () => {
    const old = await createInspection(operations, 'Garuda Mall (idempotency test)', 'inspection-expiry-0001');
    expect(old.status).toBe(201);
    env.t.clock.advance(IDEMPOTENCY_KEY_TTL_MS - 60_000);
    operations = (await env.signInAs('9000000002')).authKey; // the earlier session is long idle
    expect((await createInspection(operations, 'Nexus Mall (idempotency test)', 'inspection-expiry-0002')).status).toBe(201);
    env.t.clock.advance(2 * 60_000);
    // The first key is now a day and a minute old, the second one minute.
    expect(await deleteExpiredIdempotencyKeys(env.database.db, env.t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await keyRows(env, 'inspection-expiry-0001')).toBe(0);
    expect(await keyRows(env, 'inspection-expiry-0002')).toBe(1);
    const again = await createInspection(operations, 'Garuda Mall (idempotency test)', 'inspection-expiry-0001');
    expect(again.status).toBe(201);
    expect(replayed(again)).toBe(false);
    expect(again.body.id).not.toBe(old.body.id);
    const kept = await createInspection(operations, 'Nexus Mall (idempotency test)', 'inspection-expiry-0002');
    expect(replayed(kept)).toBe(true);
  });

  it('the server process sweeps expired keys on a timer that never holds the process and stops on shutdown', async () => {
    const [user] = rowsOf<Row>(await env.database.db.execute(sql`select id from users where mobile_number = '9000000001'`));
    const now = env.t.clock.now();
    const insertOld = (key: string) =>
      env.database.db.insert(idempotencyKeys).values({ key, userId: String(user!.id), method: 'POST', path: '/x', requestHash: 'h', responseStatus: 201, createdAt: new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS - 1000) });
    await insertOld('timer-sweep-old-01');
    const cleanup = startIdempotencyKeyCleanup({ db: env.database.db, now: env.t.clock.now, intervalMs: 30 });
    expect(cleanup.timer.hasRef()).toBe(false);
    for (let i = 0; i < 100 && (await keyRows(env, 'timer-sweep-old-01')) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await keyRows(env, 'timer-sweep-old-01')).toBe(0);
    await cleanup.stop();
    await insertOld('timer-sweep-old-02');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await keyRows(env, 'timer-sweep-old-02')).toBe(1);
    await deleteExpiredIdempotencyKeys(env.database.db, env.t.clock.now());
  });
});
