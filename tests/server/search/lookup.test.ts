import { asc, desc, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lookupResultSchema, type LookupGroup, type LookupResult } from '@domain/lookup';
import { bookingResource } from '@domain/resources/bookings/booking';
import { chargerResource } from '@domain/resources/chargers/charger';
import { orderResource } from '@domain/resources/orders/order';
import { ticketResource } from '@domain/resources/tickets/ticket';
import { hostResource } from '@domain/resources/hosts/host';
import { userResource } from '@domain/resources/users/user';
import { tableOf } from '@server/resources/resource-query';
import { call } from '../support/test-app';
import { ruleDrivers } from '../support/test-database';
import { useTestApp } from '../support/use-test-app';

type Row = Record<string, unknown>;
const PATH = '/search-service/lookup';

describe.each(ruleDrivers)('GET /search-service/lookup on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let device: Row;
  let imei: Row;
  let ticket: Row;
  let order: Row;
  let customer: Row;
  let host: Row;

  const lookup = async (q: string, extra = '', authKey = admin): Promise<LookupResult> => {
    const response = await call(env.t, 'GET', `${PATH}?q=${encodeURIComponent(q)}${extra}`, { authKey });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return lookupResultSchema.parse(response.body);
  };
  const group = (result: LookupResult, kind: LookupGroup['kind']) => result.groups.find((g) => g.kind === kind);

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    const db = env.database.db;
    const chargers = tableOf(chargerResource);
    device = (await db.select().from(chargers).where(isNotNull(chargers.deviceId)).orderBy(asc(chargers.id)).limit(1) as Row[])[0]!;
    imei = (await db.select().from(chargers).where(isNotNull(chargers.imeiNumber)).orderBy(asc(chargers.id)).limit(1) as Row[])[0]!;
    const tickets = tableOf(ticketResource);
    ticket = (await db.select().from(tickets).orderBy(asc(tickets.id)).limit(1) as Row[])[0]!;
    // Numbers with more digits than the small test seed reaches, to look up by their first four.
    const [anyTicket] = (await db.select().from(tickets).orderBy(desc(tickets.id)).limit(1)) as Row[];
    await db.insert(tickets).values({ ...anyTicket, id: 87654 });
    const bookings = tableOf(bookingResource);
    const [anyBooking] = (await db.select().from(bookings).limit(1)) as Row[];
    await db.insert(bookings).values({ ...anyBooking, id: 98765, status: 'STOPPED_BY_ADMIN' });
    const orders = tableOf(orderResource);
    order = (await db.select().from(orders).orderBy(asc(orders.id)).limit(1) as Row[])[0]!;
    const hosts = tableOf(hostResource);
    host = (await db.select().from(hosts).orderBy(asc(hosts.id)).limit(1) as Row[])[0]!;
    const users = tableOf(userResource);
    customer = (await db.select().from(users).where(eq(users.mobileNumber, String(host!.contactNumber))).limit(1) as Row[])[0]!;
    if (!customer) customer = (await db.select().from(users).orderBy(desc(users.createdAt)).limit(1) as Row[])[0]!;
  });

  it('finds a charger by its exact device id, with the detail path', async () => {
    const result = await lookup(String(device.deviceId));
    const chargers = group(result, 'chargers')!;
    expect(chargers.items[0]).toMatchObject({ id: String(device.id), title: device.uniqueId, match: 'exact', matchedField: 'deviceId', path: `/charger-management/all-chargers/${String(device.id)}` });
  });

  it('finds a charger by IMEI and by a lower-case unique id', async () => {
    expect(group(await lookup(String(imei.imeiNumber)), 'chargers')!.items[0]).toMatchObject({ id: String(imei.id), match: 'exact', matchedField: 'imeiNumber' });
    expect(group(await lookup(String(device.uniqueId).toLowerCase()), 'chargers')!.items[0]).toMatchObject({ id: String(device.id), match: 'exact', matchedField: 'uniqueId' });
  });

  it('finds chargers whose unique id starts with the typed text, exact match first', async () => {
    const uniqueId = String(device.uniqueId);
    const prefix = uniqueId.slice(0, -1);
    const items = group(await lookup(prefix, '&limit=20'), 'chargers')!.items;
    expect(items.length).toBeGreaterThan(1);
    expect(items.every((i) => i.title.startsWith(prefix) && i.match === 'prefix')).toBe(true);
    expect(items.map((i) => i.id)).toContain(String(device.id));
    const exactFirst = group(await lookup(uniqueId, '&limit=20'), 'chargers')!.items;
    expect(exactFirst[0]).toMatchObject({ id: String(device.id), match: 'exact' });
  });

  it('does not match by prefix under four characters', async () => {
    expect(group(await lookup(String(device.uniqueId).slice(0, 3)), 'chargers')).toBeUndefined();
  });

  it('finds a ticket by number, exact and by its first four digits, on its kind’s detail page', async () => {
    const exact = group(await lookup(String(ticket.id)), 'tickets')!;
    expect(exact.items[0]).toMatchObject({ id: String(ticket.id), match: 'exact', matchedField: 'id' });
    expect(exact.items[0]!.path).toMatch(new RegExp(`/${String(ticket.id)}$`));
    expect(exact.items[0]!.path).not.toBe(`/ticket-management/tickets/${String(ticket.id)}`);
    const prefix = group(await lookup('8765'), 'tickets')!;
    expect(prefix.items).toEqual([expect.objectContaining({ id: '87654', match: 'prefix' })]);
  });

  it('finds a booking by number, exact and by prefix', async () => {
    const exact = group(await lookup('98765'), 'bookings')!;
    expect(exact.items[0]).toMatchObject({ id: '98765', match: 'exact', path: '/booking-management/all-bookings/bookings/98765' });
    expect(group(await lookup('9876'), 'bookings')!.items[0]).toMatchObject({ id: '98765', match: 'prefix' });
    // The status reads as its label, not its code.
    expect(exact.items[0]!.subtitle).toMatch(/ · Stopped by admin$/i);
    expect(exact.items[0]!.subtitle).not.toContain('STOPPED_BY_ADMIN');
  });

  it('finds an order by its order number, exact and by prefix', async () => {
    const number = String(order.orderNumber);
    expect(group(await lookup(number), 'orders')!.items[0]).toMatchObject({ id: String(order.id), title: number, match: 'exact', matchedField: 'orderNumber', path: `/order-management/all-orders/${String(order.id)}` });
    const items = group(await lookup(number.slice(0, -1), '&limit=20'), 'orders')!.items;
    expect(items.map((i) => i.id)).toContain(String(order.id));
    expect(items.every((i) => i.title.startsWith(number.slice(0, -1)))).toBe(true);
  });

  it('finds the same user from a mobile number in three common forms, and by its first digits', async () => {
    const m = String(customer.mobileNumber);
    const forms = [m, `+91 ${m.slice(0, 5)} ${m.slice(5)}`, `0 ${m}`];
    const firsts = await Promise.all(forms.map(async (q) => group(await lookup(q), 'users')!.items[0]));
    for (const item of firsts) expect(item).toMatchObject({ id: String(customer.id), match: 'exact', matchedField: 'mobileNumber', path: `/user-management/users/${String(customer.id)}` });
    const prefix = group(await lookup(`+91 ${m.slice(0, 6)}`, '&limit=20'), 'users')!.items;
    expect(prefix.length).toBeGreaterThan(0);
    expect(prefix.every((i) => i.subtitle!.replace(/\D/g, '').slice(2).startsWith(m.slice(0, 6)))).toBe(true);
  });

  it('finds a host by contact number', async () => {
    const items = group(await lookup(String(host.contactNumber)), 'hosts')!.items;
    expect(items[0]).toMatchObject({ id: String(host.id), title: host.businessName, match: 'exact', path: `/user-management/hosts/${String(host.id)}` });
  });

  it('`@` looks up users and hosts only, `#` tickets only (also as the scope parameter)', async () => {
    const people = await lookup(`@${String(host.contactNumber)}`);
    expect(people.groups.length).toBeGreaterThan(0);
    expect(people.groups.every((g) => g.kind === 'users' || g.kind === 'hosts')).toBe(true);
    // A number that is a booking, an order id and a charger id too: `#` leaves only tickets.
    const tickets = await lookup(`#${String(ticket.id)}`);
    expect(tickets.groups.map((g) => g.kind)).toEqual(['tickets']);
    expect((await lookup(String(ticket.id), '&scope=tickets')).groups.map((g) => g.kind)).toEqual(['tickets']);
    expect((await lookup(String(device.deviceId), '&scope=people')).groups).toEqual([]);
  });

  it('leaves out groups the caller may not view (no ROLE_SEARCH_CHARGER: no chargers)', async () => {
    const finance = await env.signInAs('9000000004');
    expect(finance.permissions).not.toContain('ROLE_SEARCH_CHARGER');
    const result = await lookup(String(device.deviceId), '', finance.authKey);
    expect(group(result, 'chargers')).toBeUndefined();
    expect(group(await lookup(String(device.deviceId)), 'chargers')).toBeDefined();
    const noRole = await env.signInAs('9000000007');
    const nothing = await lookup(String(customer.mobileNumber), '', noRole.authKey);
    expect(nothing.groups.filter((g) => g.kind !== 'tickets')).toEqual([]);
  });

  it('answers 400 problem+json with field paths for bad input, 401 without a session', async () => {
    const cases: [string, string][] = [
      ['q=', 'q'],
      ['q=x&limit=50', 'limit'],
      ['q=x&scope=everything', 'scope'],
      ['q=x&sort=name', 'sort'],
      [`q=${'9'.repeat(101)}`, 'q'],
    ];
    for (const [query, path] of cases) {
      const response = await call(env.t, 'GET', `${PATH}?${query}`, { authKey: admin });
      expect(response.status).toBe(400);
      expect(response.contentType).toBe('application/problem+json');
      expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect((await call(env.t, 'GET', `${PATH}?q=CZ`)).status).toBe(401);
  });
});
